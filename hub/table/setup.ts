/**
 * `setup` is not an engine input: it creates a new game. This turns the host's command
 * (or the command-line defaults) into a GameConfig with a fresh seed, and the engine's
 * complaints into a reply that says which seats or options are wrong.
 */
import { randomBytes } from "node:crypto";
import {
  DEFAULT_TABLE,
  type ErrorCode,
  isTableId,
  type SetupCommand,
} from "../../protocol/index.js";
import {
  availableRulesets,
  createGame,
  type GameConfig,
  type GameState,
  rulesetById,
} from "../engine/index.js";

export type SetupResult =
  | { ok: true; config: GameConfig; state: GameState; warnings: string[] }
  | { ok: false; error: ErrorCode; message: string; details: string[] };

export function newSeed(): string {
  return randomBytes(16).toString("hex");
}

export function defaultSeats(count: number): GameConfig["seats"] {
  return Array.from({ length: count }, (_, i) => ({ seat: i + 1, name: `Seat ${i + 1}` }));
}

/** The game a table without a journal starts with: the hub's default ruleset and seat count. */
export function defaultConfig(
  table: string,
  defaults: { ruleset: string; seats: number },
  at: number,
): GameConfig {
  return {
    table,
    ruleset: defaults.ruleset as GameConfig["ruleset"],
    seats: defaultSeats(defaults.seats),
    options: {},
    seed: newSeed(),
    at,
  };
}

export function configFromCommand(table: string, cmd: SetupCommand, at: number): GameConfig {
  const seats = cmd.seats.map((s) =>
    s.lang ? { seat: s.seat, name: s.name, lang: s.lang } : { seat: s.seat, name: s.name },
  );
  return {
    table,
    ruleset: cmd.ruleset as GameConfig["ruleset"],
    seats,
    options: cmd.options,
    seed: newSeed(),
    at,
  };
}

/** Validates a config by creating the game; never throws. */
export function prepareGame(config: GameConfig): SetupResult {
  if (!rulesetById(config.ruleset)) {
    return {
      ok: false,
      error: "bad_ruleset",
      message: `unknown ruleset "${config.ruleset}"; available: ${availableRulesets().join(", ")}`,
      details: [`ruleset: "${config.ruleset}" is not available`],
    };
  }
  let created: ReturnType<typeof createGame>;
  try {
    created = createGame(config);
  } catch (err) {
    return { ok: false, error: "internal", message: (err as Error).message, details: [] };
  }
  if (created.ok) return { ok: true, config, state: created.state, warnings: created.warnings };
  // Wrong seats (count, numbering, names) make the setup wrong; otherwise only options are.
  const seatErrors = created.errors.filter((e) => e.startsWith("seats"));
  return {
    ok: false,
    error: seatErrors.length > 0 ? "bad_setup" : "bad_option_value",
    message: `the setup is not valid: ${created.errors.join("; ")}`,
    details: created.errors,
  };
}

/** `--table` values (repeated or comma-separated), checked; the default table if none. */
export function parseTables(values: readonly string[]): string[] {
  const ids = values
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter((v) => v.length > 0);
  const bad = ids.filter((id) => !isTableId(id));
  if (bad.length > 0)
    throw new Error(
      `bad table id ${bad.map((b) => JSON.stringify(b)).join(", ")}: use [a-z0-9-]{1,32}`,
    );
  return [...new Set(ids.length > 0 ? ids : [DEFAULT_TABLE])];
}
