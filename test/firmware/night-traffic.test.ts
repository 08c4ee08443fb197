/** The silent-nights counter's per-role view: a refused answer and its error signal count like any (QUIET-REFUSED-01). */
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
    endedIn: null,
  };
}

describe("night traffic per role", () => {
  it("QUIET-REFUSED-01: counts a refused answer and its error signal, so a seat that sent one more shows", () => {
    const roles = { 1: "citizen", 2: "detective" };
    const alike = "night 1: in:256 in:256 out:signal:64 out:signal:64";
    for (const refused of [["bad_target"], []]) {
      const byRole = inputsAndSignalsByRole(traffic(refused), roles);
      expect(byRole.get("citizen")).toEqual(new Set([alike]));
      expect(byRole.get("detective")).toEqual(
        new Set([`${alike.replace("in:256 out", "in:256 in:256 out")} out:signal:64`]),
      );
    }
  });
});
