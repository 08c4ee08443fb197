/**
 * Ten simulated paddles, each the real firmware over mqtt.js, on the real hub: bots play a
 * whole sport game to a winner, and a scenario forces a shootout, a provocation and a
 * peek removal on the way. Every night, every living seat's traffic is alike whatever its
 * role, blindfold reports included (QUIET-BLINDFOLD-01, issue 28).
 */
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { parseScenario } from "../../firmware-sim/sim/script.js";
import { INPUT_BUCKET } from "../../protocol/padding.js";
import { journalText } from "../helpers/hub.js";
import { type NightTraffic, recordNightTraffic, unlikeNights } from "./night-traffic.js";
import { type Harness, startTable, within } from "./sim-harness.js";

const FORCED = parseScenario(
  readFileSync(
    new URL("../../firmware-sim/sim/scenarios/sport-forced.json", import.meta.url),
    "utf8",
  ),
);

/** Per night, the living seats whose inputs but thumb edges differ in count or size from the first's. */
function unlikeInputs(t: NightTraffic, roles: Record<string, string>): string[] {
  const out: string[] = [];
  for (const [round, bySeat] of t.inputs) {
    const seats = [...(t.living.get(round) ?? [])].sort((a, b) => a - b);
    const sent = (seat: number) =>
      (bySeat.get(seat) ?? [])
        .filter((x) => !x.startsWith("thumb:"))
        .map((x) => `in:${x.split(":")[1]}`)
        .sort()
        .join(" ");
    const [first] = seats;
    for (const seat of seats)
      if (first !== undefined && sent(seat) !== sent(first))
        out.push(
          `night ${round}: seat ${seat} (${roles[seat]}) [${sent(seat)}] vs seat ${first} [${sent(first)}]`,
        );
  }
  return out;
}

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

describe("a simulated table", () => {
  it("QUIET-BLINDFOLD-01, QUIET-VIEWS-01: plays a complete sport game to a winner, with a shootout, a provocation and a peek removal, every night's traffic alike across roles", async () => {
    // The table is told why a seat was removed (issue 24: by default only the console is),
    // so that the public log this test reads names each removal's cause.
    // A vote window of 2 s, not the fastest 1 s: the scenario's thumbs go down when it sees
    // the count reach its candidate. In a fresh-clone CI run at load 12 there was no
    // shootout (not traced: a vote that fell into the next window would do it; the lines the
    // test prints now would tell).
    h = await startTable({
      script: FORCED,
      hostOptions: { showRemovalCause: true, voteWindowSeconds: 2 },
    });
    const traffic = recordNightTraffic(h.hub, "t1");
    const end = await within(h.sim.finished, 150_000, h, "the end of the game");
    expect(["town", "mafia"]).toContain(end.winner);
    const entries = h.sim.entries;
    const removed = (cause: string) =>
      entries.filter((e) => e.key === "removed" && e.params.cause === cause).map((e) => e.seats[0]);
    expect(entries.filter((e) => e.key === "shootout")[0]?.seats, h.lines.join("\n")).toEqual([
      5, 6,
    ]);
    expect(removed("provocation")).toEqual([10]);
    expect(removed("peeking"), h.lines.join("\n")).toEqual([7]);
    expect(entries.at(-1)?.key).toBe("game.end");
    // QUIET-BLINDFOLD-01: every night, every living seat sent as many inputs, of one size,
    // and got as many signals of the same sizes as every other, whatever its role: the
    // blacks at the meeting, the Don and the Sheriff, who lift and lower their blindfolds,
    // included. Left out: thumb edges, which a bot makes when the day's last vote closes,
    // sometimes after the night began (who voted is public: sport's votes are open). Views
    // alike too (QUIET-VIEWS-01), also on the night with the forced peek: its removal takes
    // the seat out of the mafia's shot prompt, which stays once answered, while a decoy is
    // gone once answered, and the blacks got one view more until every seat's view was sent
    // again whenever one changes at night.
    const roles = end.roles ?? {};
    expect(traffic.nights.size).toBeGreaterThan(1);
    // A night the game ended in is left out: it was cut where it stood (no fill moment, no
    // last report), and the end state that cut it names every role anyway. In a CI run the
    // game ended quickly and one night's civilians had sent two inputs where the other roles
    // had sent one; whether that night was the last was not recorded then, so it is printed.
    const { endedIn } = traffic;
    const compared = (line: string) => endedIn === null || !line.startsWith(`night ${endedIn}:`);
    expect(unlikeInputs(traffic, roles).filter(compared)).toEqual([]);
    expect(unlikeNights(traffic, roles, /^out:signal:/).filter(compared)).toEqual([]);
    expect([...traffic.logged].some(([, keys]) => keys.includes("removed"))).toBe(true);
    expect(unlikeNights(traffic, roles, /^out:/).filter(compared)).toEqual([]);
    const views = [...traffic.nights].map(([round, bySeat]) => {
      const [first] = [...(traffic.living.get(round) ?? [])];
      const got = bySeat.get(first ?? 0) ?? [];
      return `night ${round}: ${got.filter((x) => x.startsWith("out:view:")).length}`;
    });
    const last = endedIn === null ? "" : `; the game ended in night ${endedIn}`;
    process.stderr.write(`sim-game: views per living seat, ${views.join(", ")}${last}\n`);
    for (const [round, bySeat] of traffic.inputs)
      for (const seat of round === endedIn ? [] : (traffic.living.get(round) ?? [])) {
        const sent = bySeat.get(seat) ?? [];
        expect(
          sent.filter((x) => x.startsWith("blindfold:")).length,
          `night ${round} seat ${seat}`,
        ).toBeGreaterThan(0);
        expect(
          sent.every((x) => x.endsWith(`:${INPUT_BUCKET}`)),
          sent.join(" "),
        ).toBe(true);
      }
    // QUIET-BLINDFOLD-02: the hub journals only the reports that tell something new.
    const reports = [...traffic.inputs.values()].flatMap((m) => [...m.values()].flat());
    const sent = reports.filter((x) => x.startsWith("blindfold:")).length;
    const journaled = ((await journalText(h.hub)).match(/"report":true/g) ?? []).length;
    expect(journaled).toBeGreaterThan(0);
    expect(journaled).toBeLessThan(sent / 2);
    // Every paddle got through the game with its link up and nothing left to send.
    for (const p of h.sim.paddles) {
      expect(p.paddle.linkState).toBe("up");
      expect(p.paddle.linkFaults).toBe(0);
    }
  }, 180_000);
});
