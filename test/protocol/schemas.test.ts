import { describe, expect, it } from "vitest";
import {
  CAPABILITIES,
  ERROR_CODES,
  ERROR_MESSAGES,
  HAPTICS,
  hostReplySchema,
  isErrorCode,
  logEntrySchema,
  PHASES,
  promptSchema,
  publicStateSchema,
  rulesetIdSchema,
  seatViewSchema,
  signalSchema,
  TEAMS,
  WINNERS,
} from "../../protocol/index.js";

describe("error codes", () => {
  it("are unique snake_case words, each with an English message", () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) {
      expect(code).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(ERROR_MESSAGES[code].length).toBeGreaterThan(0);
      expect(isErrorCode(code)).toBe(true);
    }
  });

  it("include every code the contract names and decode produces", () => {
    for (const code of [
      "not_your_turn",
      "too_large",
      "bad_utf8",
      "bad_json",
      "bad_topic",
      "bad_payload",
      "unknown_kind",
      "unknown_command",
    ]) {
      expect(isErrorCode(code)).toBe(true);
    }
  });

  it.each([
    "",
    "toString",
    "__proto__",
    "constructor",
    "hasOwnProperty",
    "NOT_YOUR_TURN",
    "bad json",
  ])("isErrorCode rejects %j", (code) => {
    expect(isErrorCode(code)).toBe(false);
  });
});

describe("contract names", () => {
  it("list the teams, winners, phases and capabilities of the contract", () => {
    expect([...TEAMS]).toEqual(["town", "mafia", "maniac"]);
    expect([...WINNERS]).toEqual(["town", "mafia", "maniac", "draw"]);
    expect([...PHASES]).toEqual(["setup", "night", "day", "ended"]);
    expect(CAPABILITIES).toEqual(
      expect.arrayContaining(["thumb", "blindfold", "keys", "haptic", "display"]),
    );
    expect(HAPTICS).toContain("short");
  });

  it("takes any well-formed ruleset id: which ones exist is the hub's registry", () => {
    for (const ok of ["sport", "toy", "my-rules2"]) expect(rulesetIdSchema.parse(ok)).toBe(ok);
    for (const bad of ["", "Sport", "2x", "a b", "x".repeat(33)]) {
      expect(rulesetIdSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});

const PROMPT = {
  action: "check",
  targets: [1, 2, 3, 5],
  min: 1,
  max: 1,
  options: [],
  until: 1764662400000,
};

const SEAT_VIEW = {
  rev: 12,
  seat: 4,
  role: "sheriff",
  team: "town",
  allies: [],
  allyRoles: {},
  alive: true,
  lang: "ru",
  prompt: PROMPT,
  results: [{ night: 1, key: "check.mafia", seats: [7] }],
  blindfold: false,
  stir: 0,
  pass: null,
  proposals: {},
};

const PUBLIC_STATE = {
  table: "t1",
  ruleset: "sport",
  now: 1764662400000,
  phase: "day",
  step: "speech",
  round: 1,
  speaker: 3,
  until: 1764662460000,
  paused: false,
  seats: [{ seat: 1, name: "Anna", alive: true, out: null, fouls: 0, online: true, role: null }],
  nominations: [5, 2],
  counting: null,
  tally: { "5": 3, "2": 6 },
  ballot: [5, 2],
  waitingFor: [],
  winner: null,
  roles: null,
  deal: { commitment: "a".repeat(64), salt: null, roles: null },
  announcements: [{ seq: 1, at: 1764662400000, key: "day.start", seats: [], params: { round: 1 } }],
  timings: { speechSeconds: 60 },
  extras: {},
};

describe("view schemas", () => {
  it("accept the seat view of the contract (with the extension fields)", () => {
    expect(seatViewSchema.parse(SEAT_VIEW)).toEqual(SEAT_VIEW);
    expect(
      seatViewSchema.safeParse({ ...SEAT_VIEW, role: null, team: null, prompt: null }).success,
    ).toBe(true);
  });

  it("reject a seat view with a seat out of range or an unknown team", () => {
    expect(seatViewSchema.safeParse({ ...SEAT_VIEW, seat: 21 }).success).toBe(false);
    expect(seatViewSchema.safeParse({ ...SEAT_VIEW, team: "village" }).success).toBe(false);
    expect(promptSchema.safeParse({ ...PROMPT, targets: [0] }).success).toBe(false);
  });

  it("accept the public state of the contract (with the extension fields)", () => {
    expect(publicStateSchema.parse(PUBLIC_STATE)).toEqual(PUBLIC_STATE);
    const ended = {
      ...PUBLIC_STATE,
      phase: "ended",
      winner: "draw",
      roles: { "1": "don" },
      deal: { commitment: "0".repeat(64), salt: "00ff", roles: ["don"] },
    };
    expect(publicStateSchema.safeParse(ended).success).toBe(true);
  });

  it("reject a public state with a bad phase, winner or commitment", () => {
    expect(publicStateSchema.safeParse({ ...PUBLIC_STATE, phase: "dusk" }).success).toBe(false);
    expect(publicStateSchema.safeParse({ ...PUBLIC_STATE, winner: "nobody" }).success).toBe(false);
    const deal = { commitment: "A".repeat(64), salt: null, roles: null };
    expect(publicStateSchema.safeParse({ ...PUBLIC_STATE, deal }).success).toBe(false);
  });

  it("accept the signals of the contract", () => {
    expect(signalSchema.safeParse({ haptic: "short" }).success).toBe(true);
    expect(signalSchema.safeParse({ error: "not_your_turn" }).success).toBe(true);
    expect(signalSchema.safeParse({ haptic: "buzz" }).success).toBe(false);
    expect(signalSchema.safeParse({}).success).toBe(false);
  });

  it("accept log entries with a positive seq only", () => {
    const entry = {
      seq: 1,
      at: 0,
      key: "k",
      seats: [1],
      params: { a: "x", b: 1, c: true, d: null },
    };
    expect(logEntrySchema.safeParse(entry).success).toBe(true);
    expect(logEntrySchema.safeParse({ ...entry, seq: 0 }).success).toBe(false);
  });

  it("accept the host replies of the contract", () => {
    expect(hostReplySchema.safeParse({ id: "c1", ok: true }).success).toBe(true);
    const failure = { id: "c1", ok: false, error: "bad_setup", message: "the setup is not valid" };
    expect(hostReplySchema.safeParse(failure).success).toBe(true);
    expect(hostReplySchema.safeParse({ ...failure, id: "" }).success).toBe(true);
    expect(hostReplySchema.safeParse({ id: "c1", ok: false }).success).toBe(false);
  });
});
