/**
 * Text from phones in the engine core: rulesets without text (sport, app, hunt) refuse it
 * clearly before any of their handlers runs, and nothing changes.
 */
import { describe, expect, it } from "vitest";
import type { SeatAction } from "../../hub/engine/index.js";
import { EngineDriver } from "../helpers/engine-driver.js";

const TEXTS: SeatAction[] = [
  { kind: "will", text: "<script>alert(1)</script>", to: null },
  { kind: "ad", text: "Trust nobody.", pseudonym: "Raven" },
  { kind: "pseudonym", pseudonym: "Raven", to: 2 },
  { kind: "message", text: "Found in the river." },
];

describe("text inputs where the ruleset has no text", () => {
  for (const ruleset of ["sport", "app", "hunt"] as const) {
    it(`${ruleset} refuses will, ad, pseudonym and message with no_text, in setup and in play, and changes nothing`, () => {
      const d = new EngineDriver({ ruleset, seats: ruleset === "hunt" ? 12 : 10 });
      for (const phase of ["setup", "play"]) {
        if (phase === "play") d.start();
        const before = JSON.stringify(d.state);
        for (const action of TEXTS) {
          const r = d.seat(1, action);
          expect(r?.code, `${phase} ${action.kind}`).toBe("no_text");
          expect(r?.message).toBe("this ruleset takes no text from phones");
        }
        expect(JSON.stringify(d.state)).toBe(before);
      }
    });
  }
});
