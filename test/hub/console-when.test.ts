/**
 * The console's edge times in a counting window (issue 24, "The judge"): one form for every
 * edge, seconds from the window's opening, before it as well as inside it.
 */
import { describe, expect, it } from "vitest";
import { edgeTime } from "../../web-display/src/host/when.js";

const OPENED = 1_764_662_400_000;

describe("edgeTime", () => {
  it("shows an edge before the window opened as negative seconds, like the ones inside it", () => {
    expect(edgeTime(OPENED + 1300, OPENED, "en")).toEqual({ form: "window", text: "+1.3" });
    const before = edgeTime(OPENED - 12_400, OPENED, "en");
    expect(before.form).toBe("window");
    expect(before.text).toMatch(/^[-−]12\.4$/);
    for (const lang of ["de", "ru"] as const) {
      expect(edgeTime(OPENED - 400, OPENED, lang).text).toMatch(/^[-−]0,4$/);
    }
  });

  it("uses the clock only when no window is open", () => {
    const at = edgeTime(OPENED + 500, null, "en");
    expect(at.form).toBe("clock");
    expect(at.text).toMatch(/^\d\d:\d\d:\d\d\.\d$/);
  });
});
