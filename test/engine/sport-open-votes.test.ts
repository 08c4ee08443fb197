/**
 * Sport votes are open (thumbs up for all to see): the public view names each voter under
 * the nominee once that nominee's window has closed, never before; rulesets whose votes are
 * secret (app, APP-VOTE-01) carry no voters at all.
 */
import { describe, expect, it } from "vitest";
import { appSeven } from "../helpers/app.js";
import { DEAL, EngineDriver } from "../helpers/engine-driver.js";

/** Day 0 with seats 1, 2, 3 nominating 7, 5, 9; every speech ended by "thank you". */
function ballot(): EngineDriver {
  const d = new EngineDriver().start(DEAL).skipNight();
  const noms: Record<number, number> = { 1: 7, 2: 5, 3: 9 };
  while (d.state.step === "speech") {
    const s = d.state.speaker as number;
    if (noms[s] !== undefined) d.actOk(s, "nominate", [noms[s]]);
    d.pass(s);
  }
  return d;
}

describe("open votes on the public view (sport)", () => {
  it("SPORT-VOTE-03: each voter is named under the nominee as his window closes, not while it is open", () => {
    const d = ballot();
    expect(d.pub.step).toBe("vote");
    expect(d.pub.voters).toEqual({});
    d.thumb(1, true).thumb(2, true);
    expect(d.pub.voters).toEqual({}); // the open window's thumbs are not counted yet
    d.expire();
    expect(d.pub.voters).toEqual({ "7": [1, 2] });
    expect(d.pub.tally).toEqual({ "7": 2 });
    d.thumb(3, true).expire();
    expect(d.pub.voters).toEqual({ "7": [1, 2], "5": [3] });
  });

  it("SPORT-VOTE-05: the voters of the last window include those who defaulted to him, matching the tally", () => {
    const d = new EngineDriver({ options: { autoAdvance: true } }).start(DEAL).skipNight();
    const noms: Record<number, number> = { 1: 7, 2: 5 };
    while (d.state.step === "speech") {
      const s = d.state.speaker as number;
      if (noms[s] !== undefined) d.actOk(s, "nominate", [noms[s]]);
      d.pass(s);
    }
    d.thumb(4, true).expire(); // window 7: seat 4
    // The last window closes: everyone else defaults to 5, who then gives his last word.
    d.thumb(4, false).expire();
    const counted = d.effects.flatMap((e) =>
      e.type === "log" && e.entry.key === "vote.counted" ? [e.entry] : [],
    );
    expect(counted.map((e) => [e.seats[0], e.params.votes])).toEqual([
      [7, 1],
      [5, 9],
    ]);
    expect(d.pub.step).toBe("lastword");
    expect(d.pub.voters).toEqual({}); // outside a vote nobody is listed
  });

  it("SPORT-VOTE-04: a provocateur removed mid-vote leaves the lists with his vote", () => {
    const d = ballot();
    d.thumb(4, true).thumb(1, true).expire(); // window 7: seats 1 and 4
    d.thumb(4, false); // seat 4 raises in window 5 after counting in 7: no provocation
    d.thumb(6, true).thumb(6, false); // seat 6: down and up in one window: removed
    expect(d.pub.seats[5]?.out).toBe("removed");
    expect(d.pub.voters?.["7"]).toEqual([1, 4]);
  });

  it("APP-VOTE-01: a secret vote has no voters on the public view", () => {
    const d = appSeven();
    expect(d.pub).not.toHaveProperty("voters");
  });
});
