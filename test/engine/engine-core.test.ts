/**
 * Properties of the engine as a whole: purity, replay, rejections that change nothing,
 * and secrecy (public views that do not depend on the deal).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyInPlace,
  createGame,
  type EngineInput,
  type GameState,
  publicView,
  seatView,
  step,
} from "../../hub/engine/index.js";
import { T0 } from "../helpers/engine-driver.js";
import {
  mulberry32,
  nextInputs,
  nightAnswers,
  nightChoice,
  type Rand,
  replayBoth,
} from "../helpers/random-game.js";

function newGame(seed: string): GameState {
  const created = createGame({
    table: "t1",
    ruleset: "sport",
    seats: Array.from({ length: 10 }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` })),
    options: {},
    seed,
    at: T0,
  });
  if (!created.ok) throw new Error(created.errors.join("; "));
  return created.state;
}

const seedHex = (n: number) => (n >>> 0).toString(16).padStart(8, "0").repeat(4);

/** Plays a random game; returns every input offered (accepted or not) and the final state. */
function play(seed: string, rand: Rand, maxBatches = 400, informed = true) {
  let state = newGame(seed);
  let at = T0;
  const offered: EngineInput[] = [];
  for (let b = 0; b < maxBatches && state.phase !== "ended"; b++) {
    at += 1 + Math.floor(rand() * 3000);
    for (const input of nextInputs(state, rand, at, informed)) {
      offered.push(input);
      const r = step(state, input);
      if (r.ok) state = r.state;
    }
  }
  return { state, offered };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith(".ts") ? [path] : [];
  });
}

describe("engine purity", () => {
  it("the engine's source does no I/O, reads no clock and no global random", () => {
    const banned = [
      /Math\.random/,
      /Date\.now/,
      /new Date\b/,
      /performance\.now/,
      /process\./,
      /setTimeout|setInterval|setImmediate/,
      /from "node:(fs|net|http|https|child_process|os|dgram|worker_threads)/,
      /from "(fs|net|http|mqtt|aedes|ws|pino)"/,
      /randomBytes|randomUUID|getRandomValues/,
      /console\./,
    ];
    const files = filesUnder(join(import.meta.dirname, "../../hub/engine"));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const source = readFileSync(file, "utf8");
      for (const pattern of banned)
        expect({ file, hit: pattern.test(source) }).toEqual({ file, hit: false });
    }
  });
});

describe("replay", () => {
  it("the same inputs fed to a fresh state give an identical state, by step and in place", () => {
    for (let g = 0; g < 20; g++) {
      const seed = seedHex(1000 + g);
      const { state, offered } = play(seed, mulberry32(g));
      const { stepped, inPlace } = replayBoth(() => newGame(seed), offered);
      expect(stepped).toEqual(state);
      expect(inPlace).toEqual(state);
    }
  });

  it("random games reach an end with a winner", () => {
    let ended = 0;
    for (let g = 0; g < 30; g++) {
      const { state } = play(seedHex(g), mulberry32(50 + g), 2000);
      if (state.phase === "ended") {
        ended++;
        expect(["town", "mafia"]).toContain(state.winner);
        expect(publicView(state, 0).roles).not.toBeNull();
      }
    }
    expect(ended).toBe(30);
  });
});

describe("rejections", () => {
  it("a rejected input returns a typed rejection and leaves the state unchanged", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: 300 }), (seed, cut) => {
        const rand = mulberry32(seed);
        const { offered } = play(seedHex(seed), rand, 60);
        let state = newGame(seedHex(seed));
        for (const input of offered.slice(0, cut)) {
          const r = step(state, input);
          if (r.ok) state = r.state;
        }
        const before = structuredClone(state);
        const probes: EngineInput[] = [
          {
            type: "seat",
            at: state.now,
            seat: 5,
            action: { kind: "act", action: "shoot", targets: [99] },
          },
          {
            type: "seat",
            at: state.now,
            seat: 3,
            action: { kind: "act", action: "nominate", targets: [3] },
          },
          { type: "seat", at: state.now, seat: 42, action: { kind: "pass" } },
          { type: "host", at: state.now, action: { cmd: "foul", seat: 2, cause: "not-a-cause" } },
          { type: "timer", at: state.now - 1 },
        ];
        for (const probe of probes) {
          const r = step(state, probe);
          if (!r.ok) {
            expect(typeof r.rejection.code).toBe("string");
            expect(r.rejection.message.length).toBeGreaterThan(0);
            expect(applyInPlace(state, probe, null)).toEqual(r.rejection);
          }
          expect(state).toEqual(before);
        }
      }),
      { numRuns: 60 },
    );
  });
});

/** Two tables fed the same public script; returns the views side by side until one ends. */
function twin(seedA: string, seedB: string, rand: Rand, batches: number) {
  let a = newGame(seedA);
  let b = newGame(seedB);
  let at = T0;
  const mismatches: string[] = [];
  const compare = (label: string) => {
    if (a.phase === "ended" || b.phase === "ended") return false;
    const pa = publicView(a, 0);
    const pb = publicView(b, 0);
    const { deal: _da, ...restA } = pa;
    const { deal: _db, ...restB } = pb;
    if (JSON.stringify(restA) !== JSON.stringify(restB)) mismatches.push(label);
    for (const seat of a.seats) {
      const other = b.seats[seat.seat - 1];
      // A seat that is a plain civilian in both deals must see exactly the same things.
      if (seat.role === "civilian" && other?.role === "civilian") {
        if (JSON.stringify(seatView(a, seat.seat)) !== JSON.stringify(seatView(b, seat.seat))) {
          mismatches.push(
            `${label}: seat ${seat.seat} view ${JSON.stringify(seatView(a, seat.seat))} ${JSON.stringify(seatView(b, seat.seat))}`,
          );
        }
      }
    }
    return true;
  };
  for (let i = 0; i < batches; i++) {
    at += 1 + Math.floor(rand() * 3000);
    // At night each table's seats answer their own prompts (which differ by deal) with the
    // same picks; everything else is one script for both.
    const night = a.phase === "night" ? nightChoice(a, rand, at, false) : null;
    const script = night
      ? nightAnswers(a, at, night).map(
          (input, i) => [input, nightAnswers(b, at, night)[i]] as const,
        )
      : nextInputs(a, rand, at, false).map((input) => [input, input] as const);
    if (night)
      script.push([
        { type: "host", at, action: { cmd: "next" } },
        { type: "host", at, action: { cmd: "next" } },
      ]);
    for (const [inputA, inputB] of script) {
      const input = inputA;
      const ra = step(a, inputA);
      const rb = step(b, inputB ?? inputA);
      if (ra.ok) a = ra.state;
      if (rb.ok) b = rb.state;
      // The end is what the rules make public: compare up to it.
      if (a.phase === "ended" || b.phase === "ended") return mismatches;
      const publicEffects = (r: typeof ra) =>
        r.ok ? r.effects.filter((e) => e.type === "log") : [];
      if (JSON.stringify(publicEffects(ra)) !== JSON.stringify(publicEffects(rb)))
        mismatches.push(`log @${i}`);
      if (!compare(`batch ${i} ${input.type}`)) return mismatches;
    }
  }
  return mismatches;
}

describe("secrecy", () => {
  it("two deals give identical public views (and civilian views) while the public inputs are identical", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), fc.integer(), (s1, s2, script) => {
        fc.pre(s1 !== s2);
        expect(twin(seedHex(s1), seedHex(s2), mulberry32(script), 150)).toEqual([]);
      }),
      { numRuns: 80 },
    );
  });

  it("no seat view holds a secret its team may not see", () => {
    for (let g = 0; g < 20; g++) {
      const { state } = play(seedHex(77 + g), mulberry32(g), 80);
      for (const seat of state.seats) {
        const view = seatView(state, seat.seat);
        expect(view.role).toBe(seat.role);
        if (seat.team === "town") {
          expect(view.allies).toEqual([]);
          expect(view.allyRoles).toEqual({});
        } else {
          const blacks = state.seats
            .filter((s) => s.team === "mafia" && s.seat !== seat.seat)
            .map((s) => s.seat);
          expect(view.allies).toEqual(blacks);
        }
        if (seat.role === "civilian" || seat.role === "mafia") expect(view.results).toEqual([]);
        for (const r of view.results) {
          expect(["check.sheriff", "check.notSheriff", "check.mafia", "check.town"]).toContain(
            r.key,
          );
        }
        const pub = JSON.stringify(publicView(state, 0));
        if (state.phase !== "ended") {
          expect(pub).not.toContain('"allies"');
          expect(publicView(state, 0).roles).toBeNull();
          expect(publicView(state, 0).seats.every((s) => s.role === null)).toBe(true);
        }
      }
    }
  });
});
