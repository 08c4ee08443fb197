/** Valid messages and topics shared by the protocol tests. */
import { hostCommandTopic, seatInputTopic } from "../../protocol/index.js";

export const TABLE = "t1";
export const SEAT = 3;
export const INPUT_TOPIC = seatInputTopic(TABLE, SEAT);
export const COMMAND_TOPIC = hostCommandTopic(TABLE);
export const BOOT = "9f3a01c2";

export const VALID_INPUTS: Record<string, Record<string, unknown>> = {
  hello: {
    boot: BOOT,
    seq: 1,
    kind: "hello",
    fw: "1.0.0",
    caps: ["thumb", "blindfold", "keys", "haptic", "display"],
  },
  thumb: { boot: BOOT, seq: 17, kind: "thumb", down: true },
  blindfold: { boot: BOOT, seq: 18, kind: "blindfold", on: false },
  act: { boot: BOOT, seq: 19, kind: "act", action: "check", targets: [3], option: "mafia" },
  pass: { boot: BOOT, seq: 20, kind: "pass" },
  voice: { boot: BOOT, seq: 25, kind: "voice", on: true, levels: [8, 42, 67] },
  will: { boot: BOOT, seq: 21, kind: "will", text: "Seat 3 is the boss.", to: null },
  ad: { boot: BOOT, seq: 22, kind: "ad", text: "Trust nobody.", pseudonym: "Raven" },
  pseudonym: { boot: BOOT, seq: 23, kind: "pseudonym", pseudonym: "Raven", to: 4 },
  message: { boot: BOOT, seq: 24, kind: "message", text: "Found in the river." },
};

export const VALID_COMMANDS: Record<string, Record<string, unknown>> = {
  setup: {
    id: "c1",
    cmd: "setup",
    ruleset: "sport",
    seats: [
      { seat: 1, name: "Anna" },
      { seat: 2, name: "Boris", lang: "ru" },
    ],
    options: { speechSeconds: 60, autoAdvance: true },
  },
  start: { id: "c2", cmd: "start" },
  next: { id: "c3", cmd: "next" },
  pause: { id: "c4", cmd: "pause" },
  resume: { id: "c5", cmd: "resume" },
  end: { id: "c6", cmd: "end" },
  foul: { id: "c7", cmd: "foul", seat: 4 },
  remove: { id: "c8", cmd: "remove", seat: 5, reason: "peeking" },
  undo: { id: "c9", cmd: "undo", reason: "wrong seat fouled" },
  bestmove: { id: "c10", cmd: "bestmove", seat: 1, guess: [4, 8, 2] },
  warn: { id: "c11", cmd: "warn", seat: 4 },
  dismiss: { id: "c12", cmd: "dismiss", candidate: 2 },
};

export function json(value: unknown): string {
  return JSON.stringify(value);
}

export function bytes(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** A valid input with some fields replaced (undefined removes the field). */
export function input(kind: string, patch: Record<string, unknown> = {}): string {
  return json(patchObject(VALID_INPUTS[kind] as Record<string, unknown>, patch));
}

/** A valid host command with some fields replaced (undefined removes the field). */
export function command(cmd: string, patch: Record<string, unknown> = {}): string {
  return json(patchObject(VALID_COMMANDS[cmd] as Record<string, unknown>, patch));
}

function patchObject(
  base: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) delete out[k];
    else out[k] = v;
  }
  return out;
}
