/**
 * The core's one check of an act (hub/engine/act.ts, issue 23): before any ruleset sees an
 * `act`, the core matches it against the offers the seat's view carries. Each refusal is
 * shown in two rulesets (app and hunt), so that it is the core's and not one ruleset's.
 * The nights here are played with decoys off: with silent nights, a refusal from a seat that
 * still owes its night answer is that answer, dropped (QUIET-REFUSED-01, silent-nights.test.ts),
 * so it changes the count; here the refusal alone is shown.
 */
import { describe, expect, it } from "vitest";
import type { SeatAction } from "../../hub/engine/index.js";
import { appSeven } from "../helpers/app.js";
import type { EngineDriver } from "../helpers/engine-driver.js";
import { DOCTOR, huntTable } from "../helpers/hunt.js";

/** The app's first night (helpers/app.ts: Pate 1, …, Arzt 4, Stadträte 5..7). */
const appNight = () => appSeven({ decoys: false });

const APP_DOCTOR = 4;

/** Both tables at night, with the doctor's offers (app: heal; hunt: heal and hunt). */
const tables = () => [
  { name: "app", d: appNight(), doctor: APP_DOCTOR },
  { name: "hunt", d: huntTable({ decoys: false }), doctor: DOCTOR },
];

/** The offer the seat's view carries for `action`, which the test needs to exist. */
function offer(d: EngineDriver, seat: number, action: string) {
  const v = d.view(seat);
  const found = [...(v.offers ?? []), ...(v.prompt ? [v.prompt] : [])].find(
    (p) => p.action === action,
  );
  if (!found) throw new Error(`seat ${seat} is offered no ${action}`);
  return found;
}

/** Feeds the act and checks that it changed nothing. */
function refused(
  d: EngineDriver,
  seat: number,
  act: Omit<Extract<SeatAction, { kind: "act" }>, "kind">,
) {
  const before = JSON.stringify(d.state);
  const r = d.seat(seat, { kind: "act", ...act });
  expect(JSON.stringify(d.state)).toBe(before);
  return r?.code;
}

describe("the core checks an act once", () => {
  it("CORE-ACT-01: a seat out of the game may not act (not_in_game), in app and hunt", () => {
    for (const { d, doctor } of tables()) {
      const heal = offer(d, doctor, "heal");
      d.ok({ type: "host", at: d.at, action: { cmd: "remove", seat: doctor } });
      expect(refused(d, doctor, { action: "heal", targets: [heal.targets[0] as number] })).toBe(
        "not_in_game",
      );
    }
  });

  it("CORE-ACT-02: a seat offered nothing may not act (not_your_turn), in app and hunt", () => {
    const app = appNight();
    expect(app.realPrompt(5)).toBeNull(); // a councillor has no night move
    expect(refused(app, 5, { action: "kill", targets: [6] })).toBe("not_your_turn");
    const hunt = huntTable({ firstPhase: "day" });
    expect(hunt.state.step).toBe("discussion");
    expect(hunt.view(6).prompt).toBeNull();
    expect(refused(hunt, 6, { action: "vote", targets: [7] })).toBe("not_your_turn");
  });

  it("CORE-ACT-03: an action the seat is not offered is refused (bad_action), in app and hunt", () => {
    for (const { d, doctor } of tables()) {
      expect(refused(d, doctor, { action: "shoot", targets: [6] })).toBe("bad_action");
    }
  });

  it("CORE-ACT-04: a target the offer does not name, or named twice, is refused (bad_target), in app and hunt", () => {
    for (const { d, doctor } of tables()) {
      const heal = offer(d, doctor, "heal");
      const seats = d.state.seats.map((s) => s.seat);
      const outside = seats.find((s) => !heal.targets.includes(s));
      d.ok({ type: "host", at: d.at, action: { cmd: "remove", seat: 7 } });
      // A seat out of the game is never offered; seat 7 was until now.
      expect(offer(d, doctor, "heal").targets).not.toContain(7);
      expect(refused(d, doctor, { action: "heal", targets: [7] })).toBe("bad_target");
      if (outside !== undefined)
        expect(refused(d, doctor, { action: "heal", targets: [outside] })).toBe("bad_target");
      expect(refused(d, doctor, { action: "heal", targets: [6, 6] })).toBe("bad_target");
    }
  });

  it("CORE-ACT-05: more or fewer targets than the offer asks are refused (bad_target_count), in app and hunt", () => {
    for (const { d, doctor } of tables()) {
      const heal = offer(d, doctor, "heal");
      const [a, b] = heal.targets as [number, number];
      expect(refused(d, doctor, { action: "heal", targets: [] })).toBe("bad_target_count");
      expect(refused(d, doctor, { action: "heal", targets: [a, b] })).toBe("bad_target_count");
    }
  });

  it("CORE-ACT-06: an option the offer does not list, or one left out that it asks for, is refused (bad_option), in app and hunt", () => {
    for (const { name, d, doctor } of tables()) {
      const heal = offer(d, doctor, "heal");
      expect(heal.options).toEqual([]);
      const target = heal.targets[0] as number;
      expect(refused(d, doctor, { action: "heal", targets: [target], option: "x" })).toBe(
        "bad_option",
      );
      if (name !== "hunt") continue;
      // The hunt's application names the side hunted: left out or made up, it is refused.
      const hunt = offer(d, doctor, "hunt");
      const t = hunt.targets[0] as number;
      expect(refused(d, doctor, { action: "hunt", targets: [t] })).toBe("bad_option");
      expect(refused(d, doctor, { action: "hunt", targets: [t], option: "x" })).toBe("bad_option");
    }
  });

  it("CORE-ACT-07: an act that matches its offer reaches the ruleset and is taken, in app and hunt", () => {
    for (const { d, doctor } of tables()) {
      const heal = offer(d, doctor, "heal");
      expect(d.act(doctor, "heal", [heal.targets[0] as number])).toBeNull();
    }
  });
});
