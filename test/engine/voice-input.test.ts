/** The voice input (issue 26, docs/PROTOCOL.md "Voice"): its schema, the `voice` option, `mic`. */
import { describe, expect, it } from "vitest";
import { decodeSeatInput, padInput } from "../../protocol/index.js";
import { DEAL, EngineDriver } from "../helpers/engine-driver.js";

const wire = (body: Record<string, unknown>) =>
  Buffer.from(padInput(JSON.stringify({ boot: "0badc0de", seq: 7, ...body }), false));

describe("the voice input on the wire", () => {
  it("decodes 1..10 levels 0..100 and refuses anything else", () => {
    expect(decodeSeatInput(wire({ kind: "voice", on: true, levels: [0, 55, 100] })).ok).toBe(true);
    for (const levels of [[], [101], [-1], [1.5], Array(11).fill(3)]) {
      expect(decodeSeatInput(wire({ kind: "voice", on: true, levels })).ok).toBe(false);
    }
    expect(decodeSeatInput(wire({ kind: "voice", levels: [1] })).ok).toBe(false);
  });

  it("is one input bucket long whatever its levels", () => {
    const quiet = padInput(
      JSON.stringify({ boot: "0badc0de", seq: 1, kind: "voice", on: false, levels: [0] }),
      false,
    );
    const loud = padInput(
      JSON.stringify({
        boot: "0badc0de",
        seq: 2147483647,
        kind: "voice",
        on: false,
        levels: Array(10).fill(100),
      }),
      false,
    );
    expect(Buffer.byteLength(quiet)).toBe(Buffer.byteLength(loud));
  });
});

function game(voice: boolean | undefined): EngineDriver {
  const options = voice === undefined ? {} : { voice };
  return new EngineDriver({ options }).start(DEAL).skipNight();
}

const hello = (caps: string[]) => ({ kind: "hello" as const, fw: "phone", caps });
const voice = { kind: "voice" as const, on: true, levels: [60, 70] };

describe("who hears a voice input", () => {
  it("is off by default: refused, nothing changes", () => {
    const d = game(undefined);
    expect(d.state.options.voice).toBe(false);
    d.seat(3, hello(["mic"]));
    const rev = d.state.rev;
    expect(d.seat(3, voice)?.code).toBe("wrong_step");
    expect(d.state.rev).toBe(rev);
  });

  it("needs the seat's `mic` capability", () => {
    const d = game(true);
    d.seat(3, hello(["thumb"]));
    expect(d.seat(3, voice)?.message).toMatch(/microphone/);
    d.seat(3, hello(["thumb", "mic"]));
    expect(d.seat(3, voice)).toBeNull();
  });

  it("is refused before the start", () => {
    const d = new EngineDriver({ options: { voice: true } });
    d.seat(3, hello(["mic"]));
    expect(d.seat(3, voice)?.code).toBe("game_not_started");
  });

  it("is an option of every ruleset", () => {
    const seats = { sport: 10, app: 10, hunt: 12, forum: 14 };
    for (const ruleset of ["sport", "app", "hunt", "forum"] as const) {
      const d = new EngineDriver({ ruleset, options: { voice: true }, seats: seats[ruleset] });
      expect(d.state.options.voice).toBe(true);
    }
  });
});
