/**
 * Several actions offered at once (the view's `offers`), two targets, and an option that may
 * be left out, on the paddle by keys and feel alone. The prompts are shaped like the
 * forum's (the day vote beside the terrorist's `attack`, the matchmaker's `compare`, the
 * liar's vote with its optional "straight"), but the menu knows no ruleset.
 */
import { describe, expect, it } from "vitest";
import { Menu } from "../../firmware-sim/firmware/menu.js";
import type { Prompt } from "../../protocol/views.js";
import { fakePaddle } from "./fakes.js";

const prompt = (action: string, over: Partial<Prompt> = {}): Prompt => ({
  action,
  targets: [1, 2, 3],
  min: 1,
  max: 1,
  options: [],
  until: null,
  ...over,
});
const VOTE = prompt("vote");
const ATTACK = prompt("attack", { targets: [1, 2] });
const LIAR_VOTE = prompt("vote", { options: ["straight"], optional: true });

describe("several offers on the paddle", () => {
  it("FORUM-TERR-01: asks which action first, then its targets, and sends the chosen one", () => {
    const { mqtt, hal, login } = fakePaddle(4);
    login(10, { prompt: VOTE, offers: [VOTE, ATTACK] });
    expect(hal.screen[2]).toContain("do: >vote<");
    hal.press("next");
    expect(hal.screen[2]).toContain(">attack<");
    hal.press("ok", "ok"); // attack chosen: its targets
    expect(hal.felt.at(-1)).toBe("home");
    expect(hal.screen[2]).toContain("attack: >1<");
    hal.press("next", "ok", "ok");
    expect(mqtt.inputs().at(-1)).toMatchObject({ kind: "act", action: "attack", targets: [2] });
    // Still on offer after a send: back to the choice between them.
    expect(hal.screen[2]).toContain("do: >vote<");
  });

  it("`back` on the targets of one offer returns to the choice of action", () => {
    const menu = new Menu();
    menu.update([VOTE, ATTACK], false);
    expect(menu.items).toEqual([
      { kind: "action", index: 0 },
      { kind: "action", index: 1 },
    ]);
    menu.ok();
    menu.ok();
    expect(menu.items.map((i) => i.kind)).toEqual(["target", "target", "target", "back"]);
    menu.move(-1);
    menu.ok();
    expect(menu.ok().feedback).toBe("home");
    expect(menu.prompt).toBeNull();
    expect(menu.items).toHaveLength(2);
  });

  it("a single offer is asked at once, as before", () => {
    const menu = new Menu();
    expect(menu.update([VOTE], false)).toBe(true);
    expect(menu.items.map((i) => i.kind)).toEqual(["target", "target", "target"]);
  });

  it("pulses only for an action not offered before", () => {
    const menu = new Menu();
    expect(menu.update([VOTE], false)).toBe(true);
    expect(menu.update([VOTE, ATTACK], false)).toBe(true);
    expect(menu.update([VOTE, { ...ATTACK, targets: [1] }], false)).toBe(false);
    expect(menu.update([VOTE], false)).toBe(false);
  });

  it("FORUM-MM-01: two targets are toggled, then sent together", () => {
    const { mqtt, hal, login } = fakePaddle(4);
    login(10, { prompt: prompt("compare", { min: 2, max: 2 }) });
    hal.press("ok", "next", "ok"); // seats 1 and 2 toggled
    hal.press("next", "next", "ok", "ok"); // send
    expect(mqtt.inputs().at(-1)).toMatchObject({ action: "compare", targets: [1, 2] });
  });

  it("FORUM-LIAR-03: the liar's vote goes as it is by `send`, or with `straight`", () => {
    const { mqtt, hal, login } = fakePaddle(4);
    login(10, { prompt: LIAR_VOTE });
    hal.press("next", "ok", "ok"); // seat 2: then the option, which may be left out
    expect(hal.felt.at(-1)).toBe("options");
    expect(hal.screen[2]).toContain("vote 2: >send<");
    hal.press("ok", "ok");
    const plain = mqtt.inputs().at(-1);
    expect(plain).toMatchObject({ kind: "act", action: "vote", targets: [2] });
    expect(plain).not.toHaveProperty("option");
    mqtt.puback(4); // the window of inputs in flight is free again
    hal.press("ok", "ok", "next", "ok", "ok"); // seat 1, then "straight"
    expect(mqtt.inputs().at(-1)).toMatchObject({ targets: [1], option: "straight" });
  });

  it("an option that may not be left out has no `send` (the hunt's claimed status)", () => {
    const menu = new Menu();
    menu.update(prompt("hunt", { options: ["mafia", "maniac"] }), false);
    menu.ok();
    menu.ok();
    expect(menu.items.map((i) => i.kind)).toEqual(["option", "option", "back"]);
  });
});
