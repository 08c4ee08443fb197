/**
 * FORUM-SETUP-07/08 from outside: after the deal every seat first receives the identical
 * "you are a citizen" status, so that a glance at another player's phone, or the size of
 * what his paddle receives, tells nothing; only then the true statuses go out. Every
 * seat's view, text topic and public state during the status step are compared.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { HostConsole, useTestHub } from "../helpers/hub.js";
import { current, T, topic, WireForum } from "./forum-table.js";

const N = 13;
const fx = useTestHub();
const table = new WireForum(fx, N);
let host: HostConsole;

beforeAll(async () => {
  host = await table.connect((c) => new HostConsole(c, T));
  const seats = Array.from({ length: N }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));
  const options = { statusSeconds: 3600, roles: ["bodyguard", "framer", "liar"] };
  expect((await host.command("setup", { ruleset: "forum", seats, options })).ok).toBe(true);
});

describe("the first status is the same for every seat", () => {
  it("FORUM-SETUP-07: during the status step every seat's view is the citizen's, byte for byte but its seat number", async () => {
    const marks = [...table.paddles.values()].map((p) => p.conn.inbox.all.length);
    expect((await host.command("start")).ok).toBe(true);
    const h = await table.hostView((v) => v.phase !== "setup");
    expect(h.step).toBe("status");
    const views: string[] = [];
    const sizes = new Set<number>();
    for (const [seat, p] of table.paddles) {
      await current(p.conn, topic(`seat/${seat}/view`), (v: { role: string | null }) =>
        Boolean(v.role),
      );
      const since = p.conn.inbox.all
        .slice(marks[seat - 1])
        .filter((m) => m.topic === topic(`seat/${seat}/view`));
      for (const m of since) sizes.add(m.payload.length);
      const {
        rev: _rev,
        seat: _seat,
        pad: _pad,
        ...rest
      } = (since.at(-1)?.json ?? {}) as Record<string, unknown>;
      views.push(JSON.stringify(rest));
      expect(rest.role, `seat ${seat}`).toBe("citizen");
    }
    expect(new Set(views).size, views[0]).toBe(1);
    // Nor does the phone's text panel tell the office holder (mayMessage) or anyone else.
    const texts = new Set<string>();
    for (const [seat, p] of table.paddles) {
      const t = await current(p.conn, topic(`seat/${seat}/text`), () => true);
      texts.add(JSON.stringify(t));
    }
    expect([...texts]).toEqual([[...texts][0]]);
    // Nor does trying the office's death message: every seat gets the same answer.
    const answers = new Set<string>();
    for (const [seat, p] of table.paddles) {
      const signal = p.conn.inbox.next<{ error?: string }>(topic(`seat/${seat}/signal`));
      await p.send("message", { text: "am I the boss?" });
      answers.add((await signal).error ?? "accepted");
    }
    expect([...answers]).toHaveLength(1);
    expect([...sizes]).toHaveLength(1);
    // The true statuses come with the step's end, not before.
    const roles = new Map(h.seats.map((s) => [s.seat, s.role]));
    expect([...roles.values()].filter((r) => r !== "citizen").length).toBeGreaterThan(4);
    expect((await host.command("next")).ok).toBe(true);
    for (const [seat] of table.paddles) await table.view(seat, (v) => v.role === roles.get(seat));
  });
});
