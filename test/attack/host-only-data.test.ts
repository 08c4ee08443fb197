/**
 * The judge's console reads host-only data from `host/view` (issue 13): sensor edge times
 * (`thumbAt`, `blindfoldAt`), the sensors' states, sport's nominators, its open vote's
 * thumbs in the window, each foul's cause list, the app's secret votes. Attacked from
 * outside: a display, the audience and every seat record everything they may read while
 * a game produces all of it; none of those fields may reach them. Sport's open votes may
 * show their voters on `public/state` (its votes are thumbs raised for all to see); the
 * app's secret vote never does.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { seatView } from "../../hub/engine/index.js";
import {
  type Connected,
  gameOf,
  HostConsole,
  Paddle,
  type Received,
  until,
  useTestHub,
} from "../helpers/hub.js";

/** Fields only `host/view` may carry (docs/PROTOCOL.md, "host/view"). */
const HOST_ONLY = [
  "thumbAt",
  "blindfoldAt",
  "thumbDown",
  "blindfoldOn",
  "nominators",
  "downInWindow",
  "shotLog",
  "flow",
];

const fx = useTestHub({ tables: ["t1", "t2"] });

interface Wire {
  host: HostConsole;
  display: Connected;
  hostConn: Connected;
  others: [string, Connected][];
  paddles: Paddle[];
}

async function table(t: string, ruleset: string, n: number): Promise<Wire> {
  const hostConn = await fx.connect(`host/${t}`);
  await hostConn.client.subscribeAsync(`mafia/v1/${t}/host/#`, { qos: 1 });
  const display = await fx.connect(`display/${t}`);
  await display.client.subscribeAsync(`mafia/v1/${t}/public/#`, { qos: 1 });
  const audience = await fx.connect(`audience/${t}`);
  await audience.client.subscribeAsync([`mafia/v1/${t}/audience/#`, `mafia/v1/${t}/public/#`], {
    qos: 1,
  });
  const others: [string, Connected][] = [
    ["display", display],
    ["audience", audience],
  ];
  const paddles: Paddle[] = [];
  for (let seat = 1; seat <= n; seat++) {
    const c = await fx.connect(`seat/${t}/${seat}`);
    await c.client.subscribeAsync(
      [
        ...["view", "signal", "text"].map((k) => `mafia/v1/${t}/seat/${seat}/${k}`),
        `mafia/v1/${t}/public/#`,
      ],
      { qos: 1 },
    );
    others.push([`seat ${seat}`, c]);
    paddles.push(new Paddle(seat, c, t));
  }
  const host = new HostConsole(hostConn, t);
  const seats = Array.from({ length: n }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));
  const options = ruleset === "sport" ? { autoAdvance: false } : {};
  expect((await host.command("setup", { ruleset, seats, options })).ok).toBe(true);
  return { host, hostConn, display, others, paddles };
}

/** Every key path in a message whose last key is one of `keys`. */
function found(value: unknown, keys: readonly string[], path = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => found(v, keys, `${path}[${i}]`));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) => [
    ...(keys.includes(k) ? [`${path}.${k}`] : []),
    ...found(v, keys, `${path}.${k}`),
  ]);
}

/** Host-only keys in what the others received; `ruleset` skips the states of an earlier setup. */
function leaks(w: Wire, keys: readonly string[], ruleset?: string): string[] {
  const ours = (m: Received) =>
    ruleset === undefined || (m.json as { ruleset?: string } | null)?.ruleset !== "sport";
  return w.others.flatMap(([who, c]) =>
    c.inbox.all
      .filter(ours)
      .flatMap((m) => found(m.json, keys).map((p) => `${who} ${m.topic} ${p}`)),
  );
}

const latestPublic = (w: Wire, t: string) =>
  w.display.inbox.latest(`mafia/v1/${t}/public/state`)?.json as {
    step: string;
    speaker: number | null;
    phase: string;
    round: number;
  };

/** Host `next` until sport's public step is `step`, each time waiting for the state to move. */
async function advanceTo(w: Wire, step: string): Promise<void> {
  const at = () => {
    const p = latestPublic(w, "t1");
    return `${p.step}/${p.round}/${p.speaker}/${JSON.stringify(p).length}`;
  };
  for (let i = 0; i < 40 && latestPublic(w, "t1")?.step !== step; i++) {
    const was = at();
    const r = await w.host.command("next");
    expect(r, `${JSON.stringify(r)} at ${was}`).toMatchObject({ ok: true });
    await until(() => at() !== was, 15_000, `a state after ${was}`);
  }
  expect(latestPublic(w, "t1").step).toBe(step);
}

describe("host-only data stays on host/view", () => {
  let sport: Wire;
  let app: Wire;
  beforeAll(async () => {
    sport = await table("t1", "sport", 10);
    app = await table("t2", "app", 8);
  });

  it("sport: sensor edges and their times, nominators, fouls' causes and the vote window's thumbs reach no seat, display or audience", async () => {
    const { host, paddles, hostConn } = sport;
    expect((await host.command("start")).ok).toBe(true);
    // To the first speech, where the speaker nominates; then into the vote.
    await advanceTo(sport, "speech");
    // Sensor edges by day (at night a lifted blindfold is peeking).
    for (const p of paddles) {
      await p.send("blindfold", { on: true });
      await p.send("thumb", { down: true });
      await p.send("blindfold", { on: false });
      await p.send("thumb", { down: false });
      await p.send("blindfold", { on: true }); // on again: the night comes
    }
    // The host sees the edges and their times.
    await hostConn.inbox.next(
      "mafia/v1/t1/host/view",
      (v: { seats: { thumbAt: number | null; blindfoldAt: number | null }[] }) =>
        v.seats.every((s) => s.thumbAt !== null && s.blindfoldAt !== null),
      { past: true, timeout: 15_000 },
    );
    const foul = await host.command("foul", { seat: 2, cause: "insult" });
    expect(foul, JSON.stringify(latestPublic(sport, "t1"))).toMatchObject({ ok: true });
    // Two speakers nominate, so that the day has a vote.
    const nominees: number[] = [];
    for (let i = 0; i < 4 && nominees.length < 2; i++) {
      const speaker = latestPublic(sport, "t1").speaker as number;
      const nominee = [5, 6, 7].find((s) => s !== speaker && !nominees.includes(s)) as number;
      await (paddles[speaker - 1] as Paddle).send("act", {
        action: "nominate",
        targets: [nominee],
      });
      nominees.push(nominee);
      await hostConn.inbox.next(
        "mafia/v1/t1/host/view",
        (v: { flow: { nominators?: Record<string, number> } }) =>
          Object.keys(v.flow.nominators ?? {}).length === nominees.length,
        { past: true, timeout: 15_000 },
      );
      if (nominees.length < 2) {
        const was = latestPublic(sport, "t1").speaker;
        await host.command("next");
        await until(() => latestPublic(sport, "t1").speaker !== was, 15_000, "the next speaker");
      }
    }
    await advanceTo(sport, "vote");
    expect(latestPublic(sport, "t1").step).toBe("vote");
    for (const p of paddles.slice(0, 4)) await p.send("thumb", { down: true });
    await hostConn.inbox.next(
      "mafia/v1/t1/host/view",
      (v: { flow: { vote?: { downInWindow?: number[] } } }) =>
        (v.flow.vote?.downInWindow ?? []).length > 0,
      { past: true, timeout: 15_000 },
    );
    await host.command("next"); // the window closes: its voters may be public (open vote)
    // (No thumb goes up inside the window: that would be a provocation, a removal.)
    expect((await host.command("pause")).ok).toBe(true); // a barrier every watcher sees
    await sport.display.inbox.next(
      "mafia/v1/t1/public/state",
      (s: { paused: boolean }) => s.paused,
      { past: true, timeout: 15_000 },
    );
    expect(leaks(sport, HOST_ONLY)).toEqual([]);
    // The fouls: a count in public, the cause only where the log announces it.
    const fouls = leaks(sport, ["fouls"]).filter((p) => !/seats\[\d+\]\.fouls$/.test(p));
    expect(fouls.filter((p) => !p.includes("params.fouls"))).toEqual([]);
  });

  it("app: the secret vote's voters reach no seat, display or audience before the end", async () => {
    const { host, paddles, hostConn } = app;
    expect((await host.command("start")).ok).toBe(true);
    // To the day's vote: the hub's own state says where the game is (each PUBACK and host
    // reply comes after its input was applied), so no message timing decides a `next`.
    const game = () => gameOf(fx.hub, "t2");
    const at = () => `${game().phase}/${game().step}/${game().round}`;
    for (let i = 0; i < 30 && game().step !== "vote"; i++) {
      const was = at();
      for (const p of paddles) {
        const prompt = seatView(game(), p.seat).prompt;
        if (prompt && prompt.targets.length > 0)
          await p.send("act", { action: prompt.action, targets: [prompt.targets[0]] });
        else await p.send("pass");
      }
      if (at() === was && game().step !== "vote") await host.command("next");
    }
    await app.display.inbox.next(
      "mafia/v1/t2/public/state",
      (s: { step: string }) => s.step === "vote",
      { past: true, timeout: 15_000 },
    );
    expect(latestPublic(app, "t2").step).toBe("vote");
    const alive = await hostConn.inbox.next(
      "mafia/v1/t2/host/view",
      (v: { step: string; seats: { seat: number; alive: boolean }[] }) => v.step === "vote",
      { past: true, timeout: 15_000 },
    );
    const living = (alive as { seats: { seat: number; alive: boolean }[] }).seats
      .filter((s) => s.alive)
      .map((s) => s.seat);
    // All but one living seat vote for the seat after them; the last keeps the vote open.
    for (const s of living.slice(0, -1)) {
      const target = living[(living.indexOf(s) + 1) % living.length] as number;
      await (paddles[s - 1] as Paddle).send("act", { action: "vote", targets: [target] });
    }
    await hostConn.inbox.next(
      "mafia/v1/t2/host/view",
      (v: { flow: { votes?: Record<string, number> } }) =>
        Object.keys(v.flow.votes ?? {}).length === living.length - 1,
      { past: true, timeout: 15_000 },
    );
    await host.command("pause");
    await app.display.inbox.next("mafia/v1/t2/public/state", (s: { paused: boolean }) => s.paused, {
      past: true,
    });
    expect(leaks(app, [...HOST_ONLY, "voters", "votes"], "app")).toEqual([]);
    // No public tally names a candidate while the vote is open.
    const tallies = app.others.flatMap(([, c]) =>
      c.inbox.all
        .filter((m) => m.topic.endsWith("/state"))
        .map((m) => m.json as { step: string; tally: Record<string, number> })
        .filter((s) => s.step === "vote" && Object.keys(s.tally).length > 0),
    );
    expect(tallies).toEqual([]);
  });
});
