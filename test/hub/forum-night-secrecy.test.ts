/**
 * The forum night over the real broker: the night's choices and answers reach only the
 * asking seat's own topic. A display on `public/#` and every other seat's paddle receive
 * nothing of a choice (`compare`, `protect`, `frame`) or of an answer (FORUM-MM-02,
 * FORUM-SPY-02, FORUM-OPEN-14; FORUM-TIME-04: delivered at the start of the next day).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { type Connected, HostConsole, Paddle, useTestHub } from "../helpers/hub.js";

const T = "t1";
const N = 13;
const seats = Array.from({ length: N }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));

interface View {
  results: { night: number; key: string; seats: number[] }[];
  offers?: { action: string; targets: number[] }[];
}
interface HostView {
  phase: string;
  round: number;
  seats: { seat: number; role: string | null }[];
}

const fx = useTestHub();
let host: HostConsole;
let hostConn: Connected;
let display: Connected;
const paddles = new Map<number, Paddle>();

beforeAll(async () => {
  hostConn = await fx.connect(`host/${T}`);
  await hostConn.client.subscribeAsync(`mafia/v1/${T}/host/#`, { qos: 1 });
  host = new HostConsole(hostConn, T);
  display = await fx.connect(`display/${T}`);
  await display.client.subscribeAsync(`mafia/v1/${T}/public/#`, { qos: 1 });
  for (const { seat } of seats) {
    const conn = await fx.connect(`seat/${T}/${seat}`);
    await conn.client.subscribeAsync(
      [`mafia/v1/${T}/seat/${seat}/view`, `mafia/v1/${T}/seat/${seat}/signal`],
      { qos: 1 },
    );
    paddles.set(seat, new Paddle(seat, conn, T));
  }
});

const viewTopic = (seat: number) => `mafia/v1/${T}/seat/${seat}/view`;
const waitHost = (where: (v: HostView) => boolean) =>
  hostConn.inbox.next<HostView>(`mafia/v1/${T}/host/view`, where, { past: true, timeout: 8000 });
const waitView = (seat: number, where: (v: View) => boolean) =>
  (paddles.get(seat) as Paddle).conn.inbox.next<View>(viewTopic(seat), where, {
    past: true,
    timeout: 8000,
  });
/**
 * Everything a connection has received, as text; public/rulesets left out: it is every
 * ruleset's manifest (which abilities exist), the same for every game and every reader.
 */
const received = (c: Connected) =>
  c.inbox.all
    .filter((m) => !m.topic.endsWith("/public/rulesets"))
    .map((m) => m.payload.toString("utf8"))
    .join("\n");

describe("FORUM night over MQTT", () => {
  it("FORUM-OPEN-14, FORUM-SPY-02: night choices and answers reach only their own seat's topic", async () => {
    const setup = await host.command("setup", {
      ruleset: "forum",
      seats,
      options: { firstPhase: "night" },
    });
    expect(setup.ok).toBe(true);
    expect((await host.command("start")).ok).toBe(true);
    expect((await host.command("next")).ok).toBe(true); // the status step ends: Night 1
    const h = await waitHost((v) => v.phase === "night" && v.round === 1);
    const holder = (role: string) => h.seats.find((s) => s.role === role)?.seat as number;
    const [matchmaker, guardian, framer, spy] = ["matchmaker", "guardian", "framer", "spy"].map(
      holder,
    ) as [number, number, number, number];
    const others = seats.map((s) => s.seat).filter((s) => s !== matchmaker);
    const pair = [others[0], others[1]] as [number, number];

    await waitView(matchmaker, (v) => v.offers?.[0]?.action === "compare");
    await (paddles.get(matchmaker) as Paddle).send("act", { action: "compare", targets: pair });
    await (paddles.get(guardian) as Paddle).send("act", { action: "protect", targets: [pair[0]] });
    const framed = others.find((s) => s !== framer) as number;
    await (paddles.get(framer) as Paddle).send("act", { action: "frame", targets: [framed] });
    // Every answer is in the host's view before the night is ended.
    await hostConn.inbox.next(
      `mafia/v1/${T}/host/view`,
      (v: { flow: { nightBook: { choices: Record<string, unknown> } | null } }) =>
        Object.keys(v.flow.nightBook?.choices ?? {}).length === 3,
      { past: true, timeout: 8000 },
    );
    expect((await host.command("next")).ok).toBe(true); // the night ends: Day 1

    const answer = await waitView(matchmaker, (v) => v.results.some((r) => r.night === 1));
    expect(answer.results.filter((r) => r.key.startsWith("forum.compare."))).toEqual([
      { night: 1, key: expect.stringMatching(/^forum\.compare\.(same|different)$/), seats: pair },
    ]);
    const told = await waitView(spy, (v) => v.results.some((r) => r.night === 1));
    expect(told.results.filter((r) => r.key.startsWith("forum."))).toEqual([
      { night: 1, key: "forum.spy.compare", seats: pair },
    ]);
    await display.inbox.next(
      `mafia/v1/${T}/public/state`,
      (s: { phase: string }) => s.phase === "day",
      { past: true, timeout: 8000 },
    );

    const secret = /forum\.(compare|check|spy|office)|"(compare|protect|frame)"|nightBook/;
    expect(received(display)).not.toMatch(secret);
    for (const [seat, paddle] of paddles) {
      const text = received(paddle.conn);
      if (seat !== matchmaker) expect(text).not.toMatch(/forum\.compare|"compare"/);
      if (seat !== spy) expect(text).not.toMatch(/forum\.spy/);
      if (seat !== guardian) expect(text).not.toMatch(/"protect"/);
      if (seat !== framer) expect(text).not.toMatch(/"frame"/);
    }
  });
});
