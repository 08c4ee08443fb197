/**
 * Attacks on the forum's secrets through WHEN things change, from outside: only the wire
 * (a real hub, real mqtt.js clients as each identity). A night choice sent by day for the
 * coming night (FORUM-OPEN-01 a) and the insider's guess (FORUM-OPEN-17) must change no
 * message of another seat, the display or the audience; at night every living seat must
 * receive the same number of views of the same sizes whoever answers (silent nights), the
 * public state must not move, and the night must not end early when everyone has answered
 * (FORUM-OPEN-14: all resolves at the night's end).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { HostConsole, useTestHub } from "../helpers/hub.js";
import {
  current,
  type HostViewJson,
  type Offer,
  since,
  T,
  topic,
  WireForum,
} from "./forum-table.js";

const N = 13;
const fx = useTestHub();
const table = new WireForum(fx, N);
let host: HostConsole;
let roles: Map<number, string>;

const isDayView = (v: { offers?: Offer[] }) => (v.offers ?? []).some((o) => o.action === "vote");
const DAY_ACTIONS = new Set(["vote", "attack"]);
const DEATH_MESSAGE = "found in the river at dawn";

/** A valid answer to an offer: its first `min` targets (and its first option, if it needs one). */
function answer(o: Offer, shift = 0): Record<string, unknown> {
  const targets = [...o.targets.slice(shift), ...o.targets.slice(0, shift)].slice(0, o.min || 1);
  return { action: o.action, targets, ...(o.options.length > 0 ? { option: o.options[0] } : {}) };
}

beforeAll(async () => {
  host = await table.connect((c) => new HostConsole(c, T));
  const seats = Array.from({ length: N }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));
  const setup = await host.command("setup", {
    ruleset: "forum",
    seats,
    options: { roles: ["bodyguard", "framer", "insider"], daySeconds: 3600, nightSeconds: 3600 },
  });
  expect(setup).toMatchObject({ ok: true });
  expect((await host.command("start")).ok).toBe(true);
  expect((await host.command("next")).ok).toBe(true); // status → Day 1
  const h = await table.hostView((v) => v.phase === "day" && v.round === 1);
  roles = new Map(h.seats.map((s) => [s.seat, s.role as string]));
});

/** Waits until every seat, the display and the audience have the state of this phase. */
async function settle(phase: "day" | "night", round: number): Promise<void> {
  const isIt = (s: { phase: string; round: number }) => s.phase === phase && s.round === round;
  await current(table.hostConn, topic("host/view"), isIt);
  await current(table.display, topic("public/state"), isIt);
  await current(table.audience, topic("audience/state"), isIt);
  // A seat the night killed has no vote offer by day: its settled day view is the dead one.
  const settled = (v: { offers?: Offer[]; alive: boolean }) =>
    phase === "day" ? isDayView(v) || !v.alive : !isDayView(v);
  for (const seat of table.paddles.keys()) await table.view(seat, settled);
}

describe("forum: secrets through timing, over the wire", () => {
  it("FORUM-OPEN-01, FORUM-OPEN-17: night choices sent by day and the insider's guess change no other seat's, the display's or the audience's messages", async () => {
    await settle("day", 1);
    const mark = table.mark();
    const actors = new Set<number>();
    for (const seat of table.paddles.keys()) {
      const v = await table.view(seat, isDayView);
      for (const o of v.offers ?? []) {
        if (DAY_ACTIONS.has(o.action)) continue;
        actors.add(seat);
        await table.paddle(seat).send("act", answer(o, 1));
      }
    }
    // The office holder writes the night's death message by day (FORUM-KILL-02/03).
    const boss = [...roles].find(([, r]) => r === "boss")?.[0] as number;
    await table.paddle(boss).send("message", { text: DEATH_MESSAGE });
    // The insider's guess and a night role's answers were taken (the host sees them).
    expect([...actors].map((s) => roles.get(s)).sort()).toEqual(
      expect.arrayContaining(["boss", "insider", "matchmaker"]),
    );
    await table.hostView((v) => {
      const book = v.flow.nightBook as { choices?: Record<string, unknown> } | null;
      return Object.keys(book?.choices ?? {}).length >= actors.size - 2;
    });
    const before = Date.now();
    expect((await host.command("next")).ok).toBe(true); // Day 1 ends: Night 1
    await settle("night", 1);

    const leaks: string[] = [];
    for (const [name, c] of table.clients()) {
      const seat = Number(name.replace("seat ", ""));
      const mine = (m: { topic: string }) => m.topic.includes(`/seat/${seat}/`);
      for (const m of since(c, mark)) {
        const json = m.json as { at?: number; phase?: string } | null;
        // Only what the day's end itself changed may arrive: one state of each topic, the night's.
        if (m.topic.endsWith("/public/log") && (json?.at ?? 0) >= before) continue;
        if (actors.has(seat) && mine(m)) continue;
        if (m.topic.endsWith("/signal")) {
          leaks.push(`${name}: a signal ${m.payload}`);
          continue;
        }
        const later = since(c, mark, (x) => x.topic === m.topic);
        if (later.at(-1) !== m) leaks.push(`${name}: ${m.topic} changed during the day`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it("silent nights: every living seat gets the same views whoever answers; nothing public moves; the night does not end early", async () => {
    await settle("night", 1);
    const mark = table.mark();
    let answers = 0;
    for (const seat of table.paddles.keys()) {
      const v = await table.view(seat, (x) => !isDayView(x));
      if (!v.alive) continue;
      const night = (v.offers ?? []).filter((o) => o.action !== "attack");
      if (night.length === 0 && v.prompt === null) continue;
      // Answer twice where the role may change its answer, once (a decoy or a pass) otherwise.
      if (night.length > 0 && night[0]?.action !== "decoy") {
        for (const o of night) {
          await table.paddle(seat).send("act", answer(o));
          await table.paddle(seat).send("act", answer(o, 2));
        }
      } else if (seat % 2 === 0) await table.paddle(seat).send("pass");
      else await table.paddle(seat).send("act", answer(night[0] as Offer));
      answers += 1;
    }
    expect(answers).toBeGreaterThan(8);
    // Everyone has answered: the night is still on (it ends only by its clock or the host).
    const h: HostViewJson = await table.hostView((v) => v.phase === "night");
    expect(h.step).toBe("night");
    expect((await host.command("next")).ok).toBe(true); // Night 1 ends: Day 2
    await settle("day", 2);

    const living = h.seats.filter((s) => s.alive).map((s) => s.seat);
    const nightViews = (seat: number) =>
      since(table.paddle(seat).conn, mark, (m) => {
        const v = m.json as { offers?: Offer[]; alive: boolean };
        // The victim's view at dawn (out of the game) belongs to the day, not the night.
        return m.topic === topic(`seat/${seat}/view`) && v.alive && !isDayView(v);
      });
    const counts = living.map((s) => nightViews(s).length);
    expect(new Set(counts).size, `views per seat ${counts}`).toBe(1);
    expect(counts[0]).toBeGreaterThanOrEqual(answers);
    const sizes = living.map((s) =>
      nightViews(s)
        .map((m) => m.payload.length)
        .join(","),
    );
    expect(new Set(sizes).size, `view sizes per seat ${sizes.join(" | ")}`).toBe(1);
    // The display and the audience saw one state in the night: the next day's.
    for (const [who, c, t] of [
      ["display", table.display, "public/state"],
      ["audience", table.audience, "audience/state"],
    ] as const) {
      const states = since(c, mark, (m) => m.topic === topic(t));
      expect(
        states.map((m) => (m.json as { phase: string }).phase),
        who,
      ).toEqual(["day"]);
    }
    // The death message left the boss's own topics only with the night's end, on public/text.
    const boss = [...roles].find(([, r]) => r === "boss")?.[0] as number;
    for (const [who, c] of table.clients()) {
      const early = c.inbox.all.filter(
        (m) =>
          m.payload.toString().includes(DEATH_MESSAGE) &&
          !m.topic.includes(`/seat/${boss}/`) &&
          !(m.topic === topic("public/text") && since(c, mark).includes(m)),
      );
      expect(
        early.map((m) => m.topic),
        who,
      ).toEqual([]);
    }
  });
});
