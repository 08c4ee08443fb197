/**
 * The oracle of the fault tests: a game file replayed by the pure engine, and the
 * reference run, an uninterrupted pure-engine game fed the inputs the test itself sent,
 * in the order it sent them. Each is stamped with the receive time the hub journaled for
 * it (the hub, not the paddle, owns the clock); an input the journal does not hold must be
 * one the reference engine rejects too.
 */

import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  applyInPlace,
  createGame,
  type EngineInput,
  type GameConfig,
  type GameState,
  step,
} from "../../hub/engine/index.js";
import {
  type JournalContents,
  type JournalHeader,
  type JournalRecord,
  listGames,
} from "../../hub/journal/journal.js";
import { srcKey, stamped, type WireMessage } from "../helpers/bot-wire.js";

export function newGame(config: GameConfig): GameState {
  const created = createGame(config);
  if (!created.ok) throw new Error(created.errors.join("; "));
  return created.state;
}

/** The journal's game at its last record; throws if the engine refuses a journaled input. */
export function replay(contents: JournalContents): GameState {
  const state = newGame(contents.header.config);
  for (const r of contents.records) {
    const rejection = applyInPlace(state, r.input, null);
    if (rejection) throw new Error(`record ${r.n} refused on replay: ${rejection.code}`);
  }
  return state;
}

/** Journal records by source; throws if one source was journaled twice. */
export function recordsBySource(contents: JournalContents): Map<string, JournalRecord> {
  const out = new Map<string, JournalRecord>();
  for (const r of contents.records) {
    if (!r.src) continue;
    const key = srcKey(r.src);
    if (out.has(key))
      throw new Error(`${key} is journaled twice (records ${out.get(key)?.n}, ${r.n})`);
    out.set(key, r);
  }
  return out;
}

export interface Reference {
  state: GameState;
  /** Sources the reference engine accepted, in order. */
  accepted: string[];
  /** Messages whose acceptance differs between the reference and the journal. */
  disagreements: string[];
}

export function referenceRun(
  config: GameConfig,
  sent: readonly WireMessage[],
  journaled: ReadonlyMap<string, JournalRecord>,
): Reference {
  let state = newGame(config);
  let at = config.at;
  const accepted: string[] = [];
  const disagreements: string[] = [];
  for (const msg of sent) {
    if (!msg.input) continue;
    const key = srcKey(msg.src);
    const record = journaled.get(key);
    if (record) at = record.input.at;
    const input: EngineInput = stamped(msg.input, at);
    const result = step(state, input);
    if (result.ok !== (record !== undefined)) {
      disagreements.push(`${key} ${msg.payload}: reference ${result.ok ? "accepts" : "refuses"}`);
    }
    if (record && JSON.stringify(sorted(record.input)) !== JSON.stringify(sorted(input))) {
      disagreements.push(`${key}: journaled ${JSON.stringify(record.input)}`);
    }
    if (result.ok) {
      state = result.state;
      accepted.push(key);
    }
  }
  return { state, accepted, disagreements };
}

/** Key order does not matter for equality of inputs. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => [k, sorted(v)]),
  );
}

/**
 * What an interruption may change: who is online (a restart drops every connection, and
 * presence is journaled), and with it the input count `rev` and the clock `now`.
 */
export function comparable(state: Omit<GameState, "rng"> & { rng?: unknown; public?: unknown }) {
  const { rev: _rev, now: _now, rng: _rng, public: _public, ...rest } = state;
  return { ...rest, seats: rest.seats.map(({ online: _online, ...seat }) => seat) };
}

/** A table's newest game file in a data dir, and its header. */
export async function newestGame(
  dataDir: string,
  table = "t1",
): Promise<{ path: string; header: JournalHeader }> {
  const dir = join(dataDir, table);
  const path = join(dir, (await listGames(dir)).at(-1) as string);
  const [first] = (await readFile(path, "utf8")).split("\n");
  return { path, header: JSON.parse(first as string) as JournalHeader };
}
