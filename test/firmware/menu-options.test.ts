/**
 * A prompt with `options` on the paddle: the target first, then the option, by keys and
 * feel alone. Generic: the prompts here are shaped like the hunt's (`hunt`, "mafia" or
 * "maniac") and like an option-only question, but the menu knows no ruleset.
 */
import { describe, expect, it } from "vitest";
import { HAPTIC_PATTERNS } from "../../firmware-sim/firmware/haptics.js";
import { Menu } from "../../firmware-sim/firmware/menu.js";
import { seatViewTopic } from "../../protocol/topics.js";
import type { Prompt } from "../../protocol/views.js";
import { fakePaddle, seatView } from "./fakes.js";

const HUNT: Prompt = {
  action: "hunt",
  targets: [1, 2, 5],
  min: 1,
  max: 1,
  options: ["mafia", "maniac"],
  until: null,
};

describe("a prompt with options on the paddle", () => {
  it("asks the target, buzzes `options`, then asks the option and sends both", () => {
    const { mqtt, hal, login } = fakePaddle(4);
    login(10, { prompt: HUNT, pass: "nothing" });
    hal.press("next", "ok"); // seat 2, armed
    expect(hal.felt.at(-1)).toBe("armed");
    hal.press("ok"); // target taken: the option comes next
    expect(hal.felt.at(-1)).toBe("options");
    expect(mqtt.inputs().some((i) => i.kind === "act")).toBe(false);
    expect(hal.screen[2]).toContain("hunt 2: >mafia<");
    hal.press("next");
    expect(hal.felt.at(-1)).toBe("tick");
    expect(hal.screen[2]).toContain(">maniac<");
    hal.press("ok", "ok");
    expect(mqtt.inputs().at(-1)).toMatchObject({
      kind: "act",
      action: "hunt",
      targets: [2],
      option: "maniac",
    });
  });

  it("counts by feel: options in the prompt's order, then back, then pass; `home` on the first", () => {
    const menu = new Menu();
    menu.update(HUNT, true);
    menu.move(1);
    menu.ok();
    expect(menu.ok().feedback).toBe("options");
    expect(menu.items).toEqual([
      { kind: "option", id: "mafia" },
      { kind: "option", id: "maniac" },
      { kind: "back" },
      { kind: "pass" },
    ]);
    expect([menu.move(1), menu.move(1), menu.move(1), menu.move(1)]).toEqual([
      "tick",
      "tick",
      "tick",
      "home",
    ]);
  });

  it("`back` (armed, then ok) returns to the targets with nothing chosen", () => {
    const { mqtt, hal, login } = fakePaddle(4);
    login(10, { prompt: HUNT });
    hal.press("ok", "ok"); // seat 1 taken
    hal.press("next", "next", "ok", "ok"); // back
    expect(hal.felt.at(-1)).toBe("home");
    expect(hal.screen[2]).toContain("hunt: >1<");
    hal.press("next", "next", "ok", "ok", "ok", "ok"); // seat 5, then "mafia"
    expect(mqtt.inputs().at(-1)).toMatchObject({ targets: [5], option: "mafia" });
  });

  it("a prompt of options only (no targets) asks the option at once, without `back`", () => {
    const menu = new Menu();
    menu.update({ ...HUNT, action: "claim", targets: [], min: 0, max: 0 }, false);
    expect(menu.items.map((i) => i.kind)).toEqual(["option", "option", "pass"]);
    menu.move(1);
    menu.ok();
    expect(menu.ok().intent).toEqual({
      kind: "act",
      action: "claim",
      targets: [],
      option: "maniac",
    });
  });

  it("keeps the option step when the same prompt is shown again (a night's stir)", () => {
    const { mqtt, hal, login } = fakePaddle(4);
    login(10, { prompt: HUNT });
    hal.press("ok", "ok");
    mqtt.deliver(seatViewTopic("t1", 4), seatView(4, 11, { prompt: HUNT, stir: 3 }));
    hal.press("ok", "ok");
    expect(mqtt.inputs().at(-1)).toMatchObject({ targets: [1], option: "mafia" });
  });

  it("the `options` pattern is two long buzzes, unlike `armed` (one) and `double` (two short)", () => {
    expect(HAPTIC_PATTERNS.options).toEqual([250, 150, 250]);
    expect(HAPTIC_PATTERNS.armed).toEqual([250]);
  });
});
