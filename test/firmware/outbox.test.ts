/**
 * The paddle's outbox matches PUBACKs by packet id (issue 27). In a cluster failover seq
 * N's forward can wait for a dead hub while seq N+1 is journaled and acknowledged by the
 * new owner, so PUBACKs come out of order; counting them as "the oldest in flight" took
 * seq 5's PUBACK for seq 4's and dropped a thumb edge (the journal ended seq 1,2,3,5).
 */
import { describe, expect, it } from "vitest";
import { Outbox, WINDOW } from "../../firmware-sim/firmware/outbox.js";
import { fakePaddle } from "./fakes.js";

function sendAll(box: Outbox, pids: number[]): void {
  for (const pid of pids) {
    const e = box.next(WINDOW);
    if (!e) throw new Error("window full");
    e.sent = true;
    e.pid = pid;
  }
}

describe("Outbox: PUBACKs by packet id", () => {
  it("an out-of-order PUBACK acknowledges its own input, not the oldest", () => {
    const box = new Outbox("0badcafe", 16);
    for (let i = 0; i < WINDOW; i++) box.add("thumb", { down: i % 2 === 0 });
    sendAll(box, [11, 12, 13, 14]);
    expect(box.ack(12)?.seq).toBe(2);
    expect(box.ack(14)?.seq).toBe(4);
    expect(box.items.map((e) => e.seq)).toEqual([1, 3]);
    expect(box.oldestInFlight()?.seq).toBe(1);
    // A PUBACK from before a reconnect names nothing in flight: it acknowledges nothing.
    expect(box.ack(99)).toBeNull();
    expect(box.items.map((e) => e.seq)).toEqual([1, 3]);
  });

  it("without packet ids only one input is in flight, and a PUBACK is that one's", () => {
    const box = new Outbox("0badcafe", 16);
    box.add("thumb", { down: true });
    box.add("thumb", { down: false });
    const first = box.next(1);
    if (!first) throw new Error("nothing to send");
    first.sent = true;
    expect(box.next(1)).toBeNull();
    expect(box.ack(0)?.seq).toBe(1);
  });

  it("the paddle keeps the overtaken input until its own PUBACK, and resends it after a reconnect", () => {
    const { mqtt, paddle, hal, clock, login } = fakePaddle(4, 1);
    login();
    mqtt.puback(3); // the login's thumb, blindfold and hello
    for (const down of [true, false, true]) {
      hal.setThumb(down);
      clock.advance(50);
    }
    const edges = mqtt.published.slice(-3);
    expect(edges.map((p) => p.body.seq)).toEqual([4, 5, 6]);
    // Seq 5 and 6 are acknowledged first (the new owner), seq 4 still waits (the dead one).
    mqtt.pubackId(edges[1]?.pid as number);
    mqtt.pubackId(edges[2]?.pid as number);
    expect(paddle.outbox.items.map((e) => e.seq)).toEqual([4]);
    // No PUBACK for seq 4: the watchdog reconnects and seq 4 goes again, unchanged.
    clock.advance(20_000);
    while (paddle.linkState !== "up") {
      clock.advance(100);
      if (paddle.linkState === "connecting") login();
    }
    const resent = mqtt.inputs().filter((b) => b.seq === 4);
    expect(resent.length).toBeGreaterThanOrEqual(2);
    expect(resent[1]).toEqual(resent[0]);
  });
});
