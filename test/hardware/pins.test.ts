/** A config's pin to the board's digital number, checked against the board's capabilities. */
import { describe, expect, it } from "vitest";
import { boardPin, type FirmataIo } from "../../hub/hardware/pins.js";

/** An Uno as firmata-io describes it after the capability and analog-mapping answers. */
const uno = {
  MODES: { INPUT: 0, OUTPUT: 1 },
  analogPins: [14, 15, 16, 17, 18, 19],
  pins: Array.from({ length: 20 }, (_, n) => ({
    supportedModes: n <= 1 ? [] : n >= 14 ? [0, 1, 2, 11] : [0, 1, 11],
  })),
} as unknown as FirmataIo;

describe("a config's pin on the board", () => {
  it("keeps 2..19 as they are and takes A0..A5 as 14..19 (not 0..5, as johnny-five's Switch did)", () => {
    for (let n = 2; n < 20; n++) expect(boardPin(uno, n, "p", "input")).toBe(n);
    for (let a = 0; a < 6; a++) expect(boardPin(uno, `A${a}`, "p", "output")).toBe(14 + a);
  });

  it("refuses, naming the part, a pin the board lacks or one that cannot do the job", () => {
    expect(() => boardPin(uno, 20, "seat 3 thumb", "input")).toThrow(
      "seat 3 thumb: the board has no pin 20 (it has 0..19)",
    );
    expect(() => boardPin(uno, "A6", "box buzzer", "output")).toThrow(
      "box buzzer: the board has no pin A6 (its analog pins are A0..A5)",
    );
    expect(() => boardPin(uno, 0, "seat 3 thumb", "input")).toThrow(
      "seat 3 thumb: pin 0 cannot be a digital input on this board",
    );
  });
});
