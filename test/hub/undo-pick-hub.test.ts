/**
 * The judge's undo through the real hub and broker (issue 24, "The judge"): `host/undoable`
 * lists the last inputs, an `undo` naming one of them takes back that one and keeps the
 * rest, the reply names what went back, and a removal the hub made from a paddle's blindfold
 * reading is undone with that reading.
 */
import { describe, expect, it } from "vitest";
import { seatView } from "../../hub/engine/index.js";
import type { UndoableList } from "../../protocol/index.js";
import {
  type Connected,
  gameOf,
  HostConsole,
  Paddle,
  subscribeGranted,
  useTestHub,
} from "../helpers/hub.js";

const seats = Array.from({ length: 10 }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));

describe("undo, aimed by the judge, through the real hub", () => {
  const fx = useTestHub();

  async function consoleAndPaddles() {
    const hc = await fx.connect("host/t1");
    await subscribeGranted(hc.client, ["mafia/v1/t1/host/#"]);
    const paddles: Paddle[] = [];
    for (const s of seats) paddles.push(new Paddle(s.seat, await fx.connect(`seat/t1/${s.seat}`)));
    const console_ = new HostConsole(hc);
    if (gameOf(fx.hub).phase !== "setup") await console_.command("end");
    const setup = await console_.command("setup", {
      ruleset: "sport",
      seats,
      options: { autoAdvance: false },
    });
    expect(setup.ok).toBe(true);
    expect((await console_.command("start")).ok).toBe(true);
    return { hc, console_, paddles };
  }

  const listed = (hc: Connected, pred: (l: UndoableList) => boolean) =>
    hc.inbox
      .next<UndoableList>("mafia/v1/t1/host/undoable", (j) => pred(j as UndoableList), {
        past: true,
      })
      .then((m) => m as unknown as UndoableList);

  it("takes back the nomination the judge picked, not the newer foul", async () => {
    const { hc, console_, paddles } = await consoleAndPaddles();
    while (gameOf(fx.hub).phase === "night") expect((await console_.command("next")).ok).toBe(true);
    const speaker = gameOf(fx.hub).speaker as number;
    const nominee = speaker === 5 ? 6 : 5;
    await paddles[speaker - 1]?.send("act", { action: "nominate", targets: [nominee] });
    expect((await console_.command("foul", { seat: 3 })).ok).toBe(true);

    const list = await listed(hc, (l) => l.entries[0]?.input.action.cmd === "foul");
    expect(list.entries[1]?.input).toMatchObject({
      type: "seat",
      seat: speaker,
      action: { kind: "act", action: "nominate", targets: [nominee] },
    });
    const n = list.entries[1]?.n as number;
    const reply = (await console_.command("undo", { reason: "meant another", undoes: n })) as {
      ok: boolean;
      undone?: { n: number; input: unknown };
    };
    expect(reply.ok).toBe(true);
    expect(reply.undone?.n).toBe(n);
    expect(reply.undone?.input).toMatchObject({ seat: speaker, action: { kind: "act" } });
    const g = gameOf(fx.hub);
    expect(g.nominations).toEqual([]);
    expect(g.seats[2]?.fouls).toBe(1);
    // The list no longer offers what was taken back.
    const after = await listed(hc, (l) => !l.entries.some((e) => e.n === n));
    expect(after.entries[0]?.input.action.cmd).toBe("foul");
    // A record that cannot be taken back is refused in words, and nothing changes.
    const again = await console_.command("undo", { reason: "twice", undoes: n });
    expect(again).toMatchObject({ ok: false, error: "bad_undo" });
    expect(gameOf(fx.hub).seats[2]?.fouls).toBe(1);
  });

  it("undoes a peeking removal the hub made when the step ended", async () => {
    const { hc, console_, paddles } = await consoleAndPaddles();
    const g = gameOf(fx.hub);
    expect(g.phase).toBe("night");
    const seat = g.seats.find((s) => seatView(g, s.seat).blindfold === true)?.seat as number;
    await paddles[seat - 1]?.send("blindfold", { on: false });
    while (gameOf(fx.hub).phase === "night" && gameOf(fx.hub).seats[seat - 1]?.alive)
      expect((await console_.command("next")).ok).toBe(true);
    expect(gameOf(fx.hub).seats[seat - 1]?.out).toBe("removed");

    const list = await listed(hc, (l) => l.entries.some((e) => e.removal?.seat === seat));
    const entry = list.entries.find((e) => e.removal?.seat === seat);
    expect(entry?.removal?.cause).toBe("peeking");
    const reply = (await console_.command("undo", {
      reason: "sensor glitch",
      undoes: entry?.n,
    })) as { ok: boolean; undone?: { removal?: { seat: number; cause: string } } };
    expect(reply.ok).toBe(true);
    expect(reply.undone?.removal).toEqual({ seat, cause: "peeking" });
    expect(gameOf(fx.hub).seats[seat - 1]?.alive).toBe(true);
    expect(gameOf(fx.hub).paused).toBe(true);
  });
});
