/**
 * The host view's `voice` (issue 26) has a schema (protocol/host-view.ts) and the console
 * reads it parsed: a view with a live speaker and a candidate fits it, field for field.
 */
import { describe, expect, it } from "vitest";
import { rulesetById } from "../../hub/engine/rulesets/index.js";
import { hostView } from "../../hub/engine/views.js";
import { hostViewSchema } from "../../protocol/host-view.js";
import { DEAL, EngineDriver } from "../helpers/engine-driver.js";

describe("the host view's voice", () => {
  it("fits its schema with who speaks, the turns and a candidate out of turn", () => {
    const d = new EngineDriver({ options: { voice: true } }).start(DEAL).skipNight();
    for (let s = 1; s <= 10; s++) d.seat(s, { kind: "hello", fw: "phone", caps: ["mic"] });
    // Seat 4 talks 2 s during seat 1's speech, then stops; a later input settles it.
    for (let t = 0; t < 2000; t += 500) {
      d.tick(500);
      d.seat(4, { kind: "voice", on: true, levels: Array(5).fill(80) });
    }
    d.tick(100);
    d.seat(4, { kind: "voice", on: false, levels: [0] });
    d.tick(1500);
    d.seat(10, { kind: "voice", on: false, levels: [0] });
    const ruleset = rulesetById(d.state.ruleset);
    if (!ruleset) throw new Error("no ruleset");
    const view = hostViewSchema.parse(JSON.parse(JSON.stringify(hostView(ruleset, d.state, 0))));
    expect(view.voice?.candidates[0]).toMatchObject({
      seat: 4,
      kind: "turn",
      during: 1,
      status: "open",
    });
    expect(view.voice?.turns.length).toBeGreaterThan(0);
    expect(view.voice?.speaking ?? null).toBeNull();
  });
});
