/**
 * The best-move host command (FIIM scoring): taken from the first night's victim during his
 * last word only, validated, once; refused (state untouched) everywhere else and by rulesets
 * without one.
 */
import { describe, expect, it } from "vitest";
import { decode, hostCommandTopic } from "../../protocol/index.js";
import { DEAL, EngineDriver } from "../helpers/engine-driver.js";

/** The morning of day 1 with seat 5 killed in night 1, his last word running. */
function firstVictimSpeaking(): EngineDriver {
  const d = new EngineDriver().start(DEAL).skipNight();
  while (d.state.phase === "day") d.pass(d.state.speaker as number);
  // Night 1: the three blacks (1, 2, 3) shoot 5.
  for (const s of [1, 2, 3]) d.actOk(s, "shoot", [5]);
  d.skipNight();
  return d;
}

const bestmove = (d: EngineDriver, seat: number, guess: number[]) =>
  d.host({ cmd: "bestmove", seat, guess });

describe("the best move", () => {
  it("is taken from the first night's victim during his last word, once", () => {
    const d = firstVictimSpeaking();
    expect(d.state.step).toBe("lastword");
    expect(d.state.speaker).toBe(5);
    expect(bestmove(d, 5, [1, 2, 9])).toBeNull();
    expect((d.state.flow as { bestMove?: unknown }).bestMove).toEqual({
      seat: 5,
      guess: [1, 2, 9],
    });
    expect(bestmove(d, 5, [1, 2, 3])?.code).toBe("already_acted");
  });

  it("refuses a bad guess, another seat, and any other moment, changing nothing", () => {
    const d = firstVictimSpeaking();
    const before = JSON.stringify(d.state);
    expect(bestmove(d, 5, [1, 1])?.code).toBe("bad_target");
    expect(bestmove(d, 5, [5, 1])?.code).toBe("bad_target");
    expect(bestmove(d, 4, [1, 2])?.code).toBe("wrong_step");
    expect(JSON.stringify(d.state)).toBe(before);
    d.pass(5);
    expect(bestmove(d, 5, [1, 2])?.code).toBe("wrong_step");
    const day0 = new EngineDriver().start(DEAL).skipNight();
    expect(bestmove(day0, 1, [2])?.code).toBe("wrong_step");
  });

  it("is refused by a ruleset without one", () => {
    const d = new EngineDriver({ ruleset: "app", seats: 7, options: { mafia: 2 } }).start();
    expect(bestmove(d, 1, [2])?.code).toBe("wrong_step");
  });

  it("is a host command on the wire: one to three seat numbers", () => {
    const decodeHostCommand = (body: unknown) =>
      decode(hostCommandTopic("t1"), JSON.stringify(body));
    const ok = decodeHostCommand({ id: "b1", cmd: "bestmove", seat: 5, guess: [1, 2, 3] });
    expect(ok.ok).toBe(true);
    expect(decodeHostCommand({ id: "b2", cmd: "bestmove", seat: 5, guess: [] }).ok).toBe(false);
    expect(decodeHostCommand({ id: "b3", cmd: "bestmove", seat: 5, guess: [1, 2, 3, 4] }).ok).toBe(
      false,
    );
    expect(decodeHostCommand({ id: "b4", cmd: "bestmove", seat: 5, guess: [0] }).ok).toBe(false);
  });
});
