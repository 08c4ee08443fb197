/** The silent-nights counter's per-role view: a refusal leaves out one input and its error signal, nothing else. */
import { describe, expect, it } from "vitest";
import { inputsAndSignalsByRole, type NightTraffic } from "./night-traffic.js";

const seatNight = (...what: string[]) => what;

function traffic(refused: string[]): NightTraffic {
  const normal = seatNight("in:256", "in:256", "out:signal:64", "out:signal:64", "out:view:1024");
  const retried = seatNight(
    ...["in:256", "in:256", "in:256", "out:view:1024"],
    ...["out:signal:64", "out:signal:64", "out:signal:64"],
  );
  return {
    nights: new Map([
      [
        1,
        new Map([
          [1, normal],
          [2, retried],
        ]),
      ],
    ]),
    inputs: new Map(),
    living: new Map([[1, new Set([1, 2])]]),
    refused: new Map([[1, new Map([[2, refused]])]]),
    logged: new Map(),
  };
}

describe("night traffic per role", () => {
  it("counts a refused answer and its error signal unless told to leave refusals out", () => {
    const roles = { 1: "citizen", 2: "detective" };
    const alike = "night 1: in:256 in:256 out:signal:64 out:signal:64";
    const kept = inputsAndSignalsByRole(traffic(["bad_target"]), roles);
    expect(kept.get("detective")).toEqual(
      new Set([`${alike.replace("in:256 out", "in:256 in:256 out")} out:signal:64`]),
    );
    const left = inputsAndSignalsByRole(traffic(["bad_target"]), roles, "in:256");
    expect(left).toEqual(
      new Map([
        ["citizen", new Set([alike])],
        ["detective", new Set([alike])],
      ]),
    );
    // Without a refusal on record, a third answer stays visible.
    expect(inputsAndSignalsByRole(traffic([]), roles, "in:256").get("detective")).not.toEqual(
      new Set([alike]),
    );
  });
});
