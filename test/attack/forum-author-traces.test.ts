/**
 * FORUM-NEWS-04..06: traces of an ad's author or a pseudonym's holder outside the topics.
 * The host's `undo` names the input it takes back, and the hub's log lines describe every
 * input; neither may tell who placed an ad or to whom a pseudonym went: not by a seat
 * number, not by the recipient of a handover (`to`), and not by the sender's boot and
 * sequence numbers, which the same seat's other inputs carry with its seat number.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { HostConsole, useTestHub } from "../helpers/hub.js";
import { T, topic, WireForum } from "./forum-table.js";

const N = 13;
const fx = useTestHub();
const table = new WireForum(fx, N);
let host: HostConsole;

beforeAll(async () => {
  host = await table.connect((c) => new HostConsole(c, T));
  const seats = Array.from({ length: N }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));
  expect((await host.command("setup", { ruleset: "forum", seats })).ok).toBe(true);
  expect((await host.command("start")).ok).toBe(true);
  expect((await host.command("next")).ok).toBe(true); // status → Day 1
  await table.hostView((v) => v.phase === "day" && v.round === 1);
});

/** Sends and waits for the seat's signal (accepted or refused). */
async function send(seat: number, kind: string, fields: Record<string, unknown>) {
  const p = table.paddle(seat);
  const signal = p.conn.inbox.next<{ error?: string }>(topic(`seat/${seat}/signal`), () => true);
  const seq = await p.send(kind, fields);
  return { seq, error: (await signal).error ?? null };
}

describe("an ad's author and a pseudonym's holder leave no trace", () => {
  it("FORUM-NEWS-06: the host's undo of a handover names neither the giver nor the new holder", async () => {
    expect((await send(10, "ad", { text: "hello", pseudonym: "Raven" })).error).toBeNull();
    expect((await send(10, "pseudonym", { pseudonym: "Raven", to: 11 })).error).toBeNull();
    const reply = (await host.command("undo", { reason: "attack" })) as unknown as {
      ok: boolean;
      undone: { input: { seat: unknown; action: Record<string, unknown> } };
    };
    expect(reply.ok).toBe(true);
    expect(reply.undone.input.action.kind).toBe("pseudonym");
    expect(reply.undone.input.seat).toBeNull();
    expect(JSON.stringify(reply.undone.input), "the new holder").not.toMatch(/"to":11\b/);
    expect((await host.command("resume")).ok).toBe(true);
  });

  it("FORUM-NEWS-06: the hub's log lines of an ad carry no seat, boot or seq of its author", async () => {
    await host.command("resume"); // after the undo above, however it went
    const p = table.paddle(12);
    expect((await send(12, "act", { action: "vote", targets: [1] })).error).toBeNull();
    const from = fx.hub.records.length;
    const ad = await send(12, "ad", { text: "caw", pseudonym: "Crow" });
    expect(ad.error).toBeNull();
    // The phone re-sends the ad (its PUBACK was lost): a duplicate, logged as such.
    await p.raw(
      JSON.stringify({ boot: p.boot, seq: ad.seq, kind: "ad", text: "caw", pseudonym: "Crow" }),
    );
    expect((await send(12, "act", { action: "vote", targets: [2] })).error).toBeNull();
    const traces = fx.hub.records
      .slice(from)
      .filter((r) => r.seq === ad.seq || r.boot === p.boot || r.seat === 12)
      .filter((r) => !(r.kind === "act" || (r.seq !== undefined && r.seq !== ad.seq)))
      .map((r) => JSON.stringify(r));
    expect(traces).toEqual([]);
  });
});
