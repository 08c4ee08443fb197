/**
 * Silent nights over the real broker: during the night every living paddle receives the
 * same number of messages of the same sizes, whatever its role and whatever the deal, so
 * that the traffic does not tell who is awake (issue 7, part 5).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Connected,
  connectIdentity,
  endAll,
  HostConsole,
  Paddle,
  removeDir,
  startTestHub,
  type TestHub,
  tempDir,
} from "../helpers/hub.js";

interface View {
  rev: number;
  alive: boolean;
  stir: number;
  prompt: { action: string; targets: number[] } | null;
}
interface HostSeat {
  seat: number;
  alive: boolean;
  role: string | null;
}
interface HostView {
  rev: number;
  phase: string;
  step: string;
  round: number;
  speaker: number | null;
  seats: HostSeat[];
  quiet: { stir: number; answered: number[] };
}

const T = "t1";
const seats = Array.from({ length: 10 }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));

let hub: TestHub;
let dir: string;
let host: HostConsole;
let hostConn: Connected;
const paddles = new Map<number, Paddle>();
/** Per seat, the rev of the view whose prompt it answered last. */
const lastAnswered = new Map<number, number>();

beforeAll(async () => {
  dir = await tempDir("silent-");
  hub = await startTestHub({ dataDir: dir });
  hostConn = await connectIdentity(hub, `host/${T}`);
  await hostConn.client.subscribeAsync(`mafia/v1/${T}/host/#`, { qos: 1 });
  host = new HostConsole(hostConn, T);
  for (const { seat } of seats) {
    const conn = await connectIdentity(hub, `seat/${T}/${seat}`);
    await conn.client.subscribeAsync(
      [`mafia/v1/${T}/seat/${seat}/view`, `mafia/v1/${T}/seat/${seat}/signal`],
      { qos: 1 },
    );
    paddles.set(seat, new Paddle(seat, conn, T));
  }
});

afterAll(async () => {
  await endAll(hostConn, ...[...paddles.values()].map((p) => p.conn));
  await hub.stop();
  await removeDir(dir);
});

function hostView(): HostView {
  return hostConn.inbox.latest(`mafia/v1/${T}/host/view`)?.json as HostView;
}

function waitHost(where: (v: HostView) => boolean): Promise<HostView> {
  return hostConn.inbox
    .next<HostView>(`mafia/v1/${T}/host/view`, where, { past: true, timeout: 8000 })
    .catch((e: Error) => {
      const h = hostView();
      throw new Error(
        `${e.message}: at ${h.phase} ${h.step} r${h.round} ${JSON.stringify(h.quiet)}`,
      );
    });
}

/** Every living seat answers its own prompt (the blacks shoot one red seat), then the host ends the step. */
async function playNightStep(): Promise<void> {
  const v = hostView();
  const living = v.seats.filter((s) => s.alive);
  const red = living.find((s) => s.role === "civilian")?.seat as number;
  const step = `${v.round}:${v.step}`;
  await Promise.all(
    living.map(async (s) => {
      const paddle = paddles.get(s.seat) as Paddle;
      // The first view of this step: newer than the one answered last, before any answer.
      const last = lastAnswered.get(s.seat) ?? 0;
      const view = await paddle.conn.inbox.next<View>(
        `mafia/v1/${T}/seat/${s.seat}/view`,
        (x) => x.rev > last && x.stir === 0 && NIGHT_ACTIONS.includes(x.prompt?.action ?? ""),
        { past: true, timeout: 8000 },
      );
      lastAnswered.set(s.seat, view.rev);
      const prompt = view.prompt as { action: string; targets: number[] };
      const target =
        prompt.action === "shoot" ? red : (prompt.targets.find((t) => t !== s.seat) as number);
      await paddle.send("act", { action: prompt.action, targets: [target] });
    }),
  );
  await waitHost((h) => `${h.round}:${h.step}` === step && h.quiet.stir === living.length);
  // Every paddle has seen the last stir before the step ends.
  await Promise.all(
    living.map((s) =>
      paddles
        .get(s.seat)
        ?.conn.inbox.next<View>(
          `mafia/v1/${T}/seat/${s.seat}/view`,
          (x) => x.stir === living.length,
          {
            past: true,
            timeout: 8000,
          },
        ),
    ),
  );
  const reply = await host.command("next");
  expect(reply.ok).toBe(true);
}

const NIGHT_ACTIONS = ["shoot", "check", "decoy"];
const viewOf = (m: { topic: string; json: unknown }) =>
  m.topic.endsWith("/view") ? (m.json as View) : null;
const isNightView = (v: View | null) =>
  !!v && (v.stir > 0 || NIGHT_ACTIONS.includes(v.prompt?.action ?? ""));

/** Waits until every paddle has received the first view after the night (stir 0, no night prompt). */
async function dayViews(): Promise<void> {
  await Promise.all(
    [...paddles].map(([seat, p]) => {
      const topic = `mafia/v1/${T}/seat/${seat}/view`;
      const lastNight = [...p.conn.inbox.all]
        .reverse()
        .find((m) => m.topic === topic && isNightView(viewOf(m)));
      const after = (viewOf(lastNight ?? { topic, json: { rev: 0 } }) as View).rev;
      return p.conn.inbox.next<View>(topic, (v) => v.rev > after && !isNightView(v), {
        past: true,
        timeout: 8000,
      });
    }),
  );
}

/** A seat's messages from its first night view up to the first view after the night. */
function nightSlice(seat: number, from: number): { slice: string[]; end: number } {
  const all = paddles.get(seat)?.conn.inbox.all ?? [];
  const start = all.findIndex((m, k) => k >= from && isNightView(viewOf(m)));
  const end = all.findIndex((m, k) => k > start && viewOf(m) !== null && !isNightView(viewOf(m)));
  expect(start).toBeGreaterThanOrEqual(0);
  expect(end).toBeGreaterThan(start);
  // Per step (a view with stir 0 starts one): the sizes of what arrived, in a stable order,
  // since when a seat's own signal comes among the others' stirs depends on timing only.
  const steps: string[][] = [];
  for (const m of all.slice(start, end)) {
    const v = viewOf(m);
    if (v && v.stir === 0) steps.push([]);
    steps.at(-1)?.push(`${m.topic.split("/").at(-1)}:${m.payload.length}`);
  }
  return { slice: steps.map((step) => step.sort().join(" ")), end };
}

/** Plays a fresh game through zero night, Day 0 and Night 1; returns each seat's night traffic. */
async function nightTraffic(): Promise<{ roles: string[]; traces: Map<number, string[]> }> {
  if (hostView() && hostView().phase !== "setup") await host.command("end");
  expect((await host.command("setup", { ruleset: "sport", seats, options: {} })).ok).toBe(true);
  const marks = new Map([...paddles].map(([seat, p]) => [seat, p.conn.inbox.all.length]));
  expect((await host.command("start")).ok).toBe(true);
  await waitHost((h) => h.phase === "night" && h.step === "mafia" && h.round === 0);
  const roles = hostView().seats.map((s) => s.role as string);
  for (let i = 0; i < 3; i++) await playNightStep();
  await dayViews();
  // Day 0: nobody nominates.
  for (;;) {
    const h = await waitHost((x) => x.phase !== "day" || x.step === "speech");
    if (h.phase !== "day") break;
    // The host ends each speech: a "thank you" would add a day signal to the night's traffic.
    const speaker = h.speaker as number;
    expect((await host.command("next")).ok).toBe(true);
    await waitHost((x) => x.rev > h.rev && x.speaker !== speaker);
  }
  await waitHost((h) => h.phase === "night" && h.round === 1);
  for (let i = 0; i < 3; i++) await playNightStep();
  await waitHost((h) => h.phase === "day");
  await dayViews();
  const traces = new Map<number, string[]>();
  for (const seat of paddles.keys()) {
    const zero = nightSlice(seat, marks.get(seat) ?? 0);
    const one = nightSlice(seat, zero.end);
    traces.set(seat, [...zero.slice, "|", ...one.slice]);
  }
  return { roles, traces };
}

describe("silent nights", () => {
  it("every living seat gets the same number and sizes of messages at night, whatever its role, across deals", {
    timeout: 90_000,
  }, async () => {
    const games = [await nightTraffic(), await nightTraffic()];
    expect(games[0]?.roles).not.toEqual(games[1]?.roles);
    for (const game of games) {
      const reference = game.traces.get(1);
      // Three steps a night; in each, one view as it begins, then views with the answers
      // counted (one per journal write: answers written together share one), one signal.
      expect(reference?.length).toBe(7);
      expect(reference?.[0]?.split(" ").length).toBeGreaterThanOrEqual(3);
      for (const [seat, trace] of game.traces) {
        expect({ seat, role: game.roles[seat - 1], trace }).toEqual({
          seat,
          role: game.roles[seat - 1],
          trace: reference,
        });
      }
    }
  });
});
