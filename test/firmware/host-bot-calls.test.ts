/**
 * The bot host ends a night step early only where the step calls its roles one by one, as
 * the manifests on `public/rulesets` declare (`calls`), and waits for the roles the step
 * calls: it names no ruleset (issue 23). No broker: the bot is fed the topics' bodies.
 */
import { describe, expect, it } from "vitest";
import { HostBot } from "../../firmware-sim/sim/host-bot.js";
import { availableRulesets, rulesetById } from "../../hub/engine/index.js";

interface Probe {
  onRulesets(body: unknown): void;
  called(v: { ruleset: string; step: string }): string[] | null;
}

function botWithManifests(): Probe {
  const bot = new HostBot({ mqttUrl: "mqtt://unused", table: "t1", password: "x", seats: 10 });
  const probe = bot as unknown as Probe;
  const rulesets = availableRulesets().map((id) => ({ id, manifest: rulesetById(id)?.manifest }));
  probe.onRulesets({ rulesets });
  return probe;
}

describe("the bot host reads which night steps call roles from the manifests", () => {
  const bot = botWithManifests();

  it("SPORT-NIGHT0-02, SPORT-NIGHT-06, SPORT-NIGHT-08: the mafia step calls the mafia and the Don, the Don's and the Sheriff's steps their one role", () => {
    expect(bot.called({ ruleset: "sport", step: "mafia" })?.sort()).toEqual(["don", "mafia"]);
    expect(bot.called({ ruleset: "sport", step: "don" })).toEqual(["don"]);
    expect(bot.called({ ruleset: "sport", step: "sheriff" })).toEqual(["sheriff"]);
  });

  it("leaves a one-step night (app, hunt, forum) and day steps to end by themselves", () => {
    for (const ruleset of ["app", "hunt", "forum"])
      expect(bot.called({ ruleset, step: "night" })).toBeNull();
    expect(bot.called({ ruleset: "sport", step: "speech" })).toBeNull();
  });

  it("ignores a body that is not the rulesets' schema (nothing changes)", () => {
    bot.onRulesets({ rulesets: "none" });
    expect(bot.called({ ruleset: "sport", step: "don" })).toEqual(["don"]);
  });
});
