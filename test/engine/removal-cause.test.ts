/**
 * A host's removal in the engine's views (issue 24, "The judge"): the public view says who
 * was removed; the cause and the host's reason reach it only where the table's option
 * `showRemovalCause` is on or the judge showed this removal (`remove` with `show`). The
 * host view always has them.
 */
import { describe, expect, it } from "vitest";
import { hostView } from "../../hub/engine/index.js";
import { DEAL, EngineDriver } from "../helpers/engine-driver.js";

function removal(options: Record<string, unknown>, show?: boolean) {
  const d = new EngineDriver({ options }).start(DEAL).skipNight();
  const refused = d.host({
    cmd: "remove",
    seat: 4,
    reason: "left early",
    ...(show ? { show } : {}),
  });
  expect(refused).toBeNull();
  const isRemoval = (a: { key: string }) => a.key === "removed";
  return {
    pub: d.pub.announcements.find(isRemoval),
    host: hostView(d.state, d.at).announcements.find(isRemoval),
  };
}

describe("a host's removal: who on the table's screens, why with the judge", () => {
  it("by default the public view carries no cause and no reason; the host view does", () => {
    const seen = removal({});
    expect(seen.pub?.seats).toEqual([4]);
    expect(seen.pub?.params).not.toHaveProperty("cause");
    expect(seen.pub?.params).not.toHaveProperty("reason");
    expect(seen.host?.params).toMatchObject({ cause: "host", reason: "left early" });
  });

  it("the table option showRemovalCause shows every removal's cause", () => {
    expect(removal({ showRemovalCause: true }).pub?.params).toMatchObject({
      cause: "host",
      reason: "left early",
    });
  });

  it("the judge shows one removal's cause with `remove` and `show`", () => {
    expect(removal({}, true).pub?.params).toMatchObject({ cause: "host", reason: "left early" });
  });
});
