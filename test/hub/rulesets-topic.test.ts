/**
 * `host/rulesets` (retained, host only): the hub tells the console which rulesets it can run
 * and each one's options, machine-readable, derived from the same schema that parses them.
 */
import { describe, expect, it } from "vitest";
import { availableRulesets, rulesetById } from "../../hub/engine/index.js";
import {
  type PublicRulesets,
  publicRulesetsSchema,
  type RulesetList,
  rulesetListSchema,
} from "../../protocol/index.js";
import { registerWords, unregisterWords } from "../../protocol/words/index.js";
import { subscribeGranted, useTestHub } from "../helpers/hub.js";

const fx = useTestHub();

describe("host/rulesets", () => {
  it("lists every ruleset the hub runs with its options (name, type, default, min/max, choices)", async () => {
    const host = await fx.connect("host/t1");
    const list = host.inbox.next<RulesetList>("mafia/v1/t1/host/rulesets");
    await subscribeGranted(host.client, ["mafia/v1/t1/host/#"]);
    const parsed = rulesetListSchema.parse(await list);
    expect(parsed.rulesets.map((r) => r.id)).toEqual(availableRulesets());
    const sport = parsed.rulesets.find((r) => r.id === "sport")?.options ?? [];
    expect(sport.find((o) => o.name === "speechSeconds")).toEqual({
      name: "speechSeconds",
      type: "number",
      nullable: false,
      default: 60,
      min: 5,
      max: 600,
    });
    expect(sport.find((o) => o.name === "shotQuorum")).toMatchObject({
      type: "choice",
      choices: ["living", "three"],
      default: "living",
    });
    expect(sport.find((o) => o.name === "autoAdvance")).toMatchObject({
      type: "boolean",
      default: true,
    });
    const app = parsed.rulesets.find((r) => r.id === "app")?.options ?? [];
    expect(app.find((o) => o.name === "nightSeconds")).toMatchObject({
      nullable: true,
      default: null,
    });
    expect(app.find((o) => o.name === "mafia")).toEqual({
      name: "mafia",
      type: "integer",
      nullable: false,
      min: 1,
      max: 4,
    });
    expect(app.some((o) => o.name === "speechSeconds")).toBe(false);
    // Each ruleset's manifest rides beside its options (protocol/manifest.ts).
    for (const r of parsed.rulesets) expect(r.manifest).toEqual(rulesetById(r.id)?.manifest);
    const sportManifest = parsed.rulesets.find((r) => r.id === "sport")?.manifest;
    expect(sportManifest?.capabilities).toMatchObject({ thumbSensors: true, openVote: true });
  });

  it("every described option with its default is accepted by the ruleset's own parser", () => {
    for (const id of availableRulesets()) {
      const r = rulesetById(id);
      if (!r) throw new Error(id);
      for (const o of r.options) {
        if (!("default" in o) || o.default === undefined) continue;
        const seats = id === "sport" ? 10 : 12;
        const parsed = r.parseOptions({ [o.name]: o.default }, seats);
        expect(parsed.ok, `${id}.${o.name}`).toBe(true);
      }
    }
  });

  it("the display cannot read it", async () => {
    const display = await fx.connect("display/t1");
    await expect(
      display.client.subscribeAsync("mafia/v1/t1/host/rulesets", { qos: 1 }),
    ).rejects.toThrow(/Subscribe error/);
  });

  it("public/rulesets gives the display and a seat every manifest, without the options", async () => {
    for (const user of ["display/t1", "seat/t1/3"]) {
      const reader = await fx.connect(user);
      const list = reader.inbox.next<PublicRulesets>("mafia/v1/t1/public/rulesets");
      await subscribeGranted(reader.client, ["mafia/v1/t1/public/#"]);
      const parsed = publicRulesetsSchema.parse(await list);
      expect(parsed.rulesets.map((r) => r.id)).toEqual(availableRulesets());
      for (const r of parsed.rulesets) {
        expect(r.manifest).toEqual(rulesetById(r.id)?.manifest);
        expect(r).not.toHaveProperty("options");
      }
      // No word is registered in this process: the built-in ones are in every bundle.
      expect(parsed.words).toEqual({});
    }
  });

  it("words registered while the hub runs are told again on public/rulesets, retained", async () => {
    const topic = "mafia/v1/t1/public/rulesets";
    const words = {
      en: { "role.hunt.watchman": "Watchman" },
      de: { "role.hunt.watchman": "Wächter" },
    };
    const display = await fx.connect("display/t1");
    const first = display.inbox.next<PublicRulesets>(topic);
    await subscribeGranted(display.client, ["mafia/v1/t1/public/#"]);
    expect(publicRulesetsSchema.parse(await first).words).toEqual({});
    const wait = { timeout: 15_000 };
    const told = display.inbox.next<PublicRulesets>(topic, (m) => !!m.words?.en, wait);
    registerWords(words);
    try {
      expect(publicRulesetsSchema.parse(await told).words).toEqual(words);
      // Retained: a screen that connects after the registration gets the words at once.
      const late = await fx.connect("seat/t1/2");
      const retained = late.inbox.next<PublicRulesets>(topic, () => true, wait);
      await subscribeGranted(late.client, ["mafia/v1/t1/public/#"]);
      expect(publicRulesetsSchema.parse(await retained).words).toEqual(words);
    } finally {
      const gone = display.inbox.next<PublicRulesets>(topic, (m) => !m.words?.en, wait);
      unregisterWords(words);
      // Taken out, they are told gone: a screen does not keep a role the hub no longer has.
      expect(publicRulesetsSchema.parse(await gone).words).toEqual({});
    }
  });
});
