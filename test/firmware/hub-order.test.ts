/**
 * The paddle's order of a cluster's hubs after a drop (firmware-sim/firmware/hub-order.ts,
 * issue 27): never the hub just lost first, a hub that answered before one that failed; and its
 * ack watchdog longer than a hub's forward deadline, so a live hub answers first.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_TIMINGS } from "../../firmware-sim/firmware/config.js";
import { HubOrder } from "../../firmware-sim/firmware/hub-order.js";
import { FORWARD_DEADLINE_LEASES } from "../../hub/cluster/forward.js";
import { DEFAULT_LEASE_MS } from "../../hub/cluster/lease.js";
import { seatViewTopic } from "../../protocol/topics.js";
import { type FakeMqtt, fakePaddle, seatView } from "./fakes.js";

const SEAT = 2;
/** Hubs 0 (`hub:1883`, the settings' own), 1 and 2. */
const MORE = [
  { host: "hub-b", port: 1884 },
  { host: "hub-c", port: 1885 },
];

describe("HubOrder", () => {
  it("starts in list order, puts a hub that answered first and one that failed last", () => {
    const order = new HubOrder(3);
    expect(order.list()).toEqual([0, 1, 2]);
    order.answered(2);
    expect(order.list()).toEqual([2, 0, 1]);
    order.failed(2);
    expect(order.list()).toEqual([0, 1, 2]);
    order.failed(0);
    expect(order.first()).toBe(1);
  });

  it("with one hub is always that one", () => {
    const order = new HubOrder(1);
    order.failed(0);
    expect(order.first()).toBe(0);
  });
});

describe("a paddle with three hubs", () => {
  const cluster = () => {
    const p = fakePaddle(SEAT, 1, null, MORE);
    const current = () => p.made.at(-1) as FakeMqtt;
    const login = () => {
      current().connected();
      current().deliver(seatViewTopic("t1", SEAT), seatView(SEAT, 10));
    };
    const port = () => current().options.port;
    /** Until the backoff is over and the next attempt has its client (before its login watchdog). */
    const retry = () => {
      const clients = p.made.length;
      for (let t = 0; p.made.length === clients && t < DEFAULT_TIMINGS.backoffMaxMs; t += 10)
        p.clock.advance(10);
    };
    return { ...p, current, login, port, retry };
  };

  it("after a lost link tries another hub, not the one it lost", () => {
    const { login, port, current, retry, paddle } = cluster();
    login();
    expect(port()).toBe(1883);
    current().emit("disconnected"); // hub 0 died (or dropped the paddle)
    retry();
    expect(port()).toBe(1884);
    login();
    expect(paddle.linkState).toBe("up");
  });

  it("after a drop prefers a hub that answered it to one that failed it", () => {
    const { login, port, retry, hal, clock, current } = cluster();
    login(); // up on hub 0
    current().emit("disconnected");
    retry();
    login(); // up on hub 1; hub 0 failed it
    expect(port()).toBe(1884);
    current().emit("disconnected");
    retry();
    expect(port()).toBe(1885); // hub 2 never failed it: before hub 0
    login();
    hal.setThumb(true);
    clock.advance(50);
    clock.advance(DEFAULT_TIMINGS.ackTimeoutMs); // hub 2 frozen: no PUBACK
    retry();
    expect(port()).toBe(1883); // hub 0 failed longest ago; hub 2 just now
    login();
    // The input the frozen hub never acknowledged goes again.
    expect(current().inputs()).toContainEqual(
      expect.objectContaining({ kind: "thumb", down: true }),
    );
  });

  it("among hubs that failed it, the one that failed longest ago goes first", () => {
    const { login, port, retry, current } = cluster();
    login(); // hub 0 answers
    current().emit("disconnected"); // hub 0 fails: order 1, 2, 0
    retry();
    current().emit("disconnected"); // hub 1 refused: 2, 0, 1
    retry();
    expect(port()).toBe(1885);
    login(); // hub 2 answers: 2, 0, 1
    current().emit("disconnected"); // 0, 1, 2
    retry();
    expect(port()).toBe(1883);
  });
});

describe("the paddle's ack watchdog and the hub's forward deadline", () => {
  it("a paddle waits for its PUBACK longer than a hub waits for a table's owner", () => {
    expect(DEFAULT_TIMINGS.ackTimeoutMs).toBeGreaterThan(
      FORWARD_DEADLINE_LEASES * DEFAULT_LEASE_MS,
    );
  });
});
