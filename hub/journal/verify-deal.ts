/**
 * `npm run verify-deal -- FILE... [--commitment HEX]`: checks that a game's deal was fixed
 * before the first night and not changed afterwards (PROTOCOL.md, `deal`).
 *
 * FILE is either
 *  - a game journal (`{dataDir}/{table}/game-NNNN.jsonl`): the game is replayed with the
 *    engine, which deals again from the seed in the header; the deal must hash to the
 *    commitment the game published, be the roles played and the ruleset's composition;
 *  - a saved public log: JSON lines of `public/state` payloads (as a display or
 *    `mosquitto_sub -v` saves them; `{topic, payload}` wrappers and other topics are
 *    skipped), or a single retained `public/state` JSON. Every public state of a game must
 *    carry one commitment from the deal on, and the salt and roles opened at the end must
 *    hash to it: sha256(salt + ":" + roles.join(",")).
 * `--commitment` is the commitment seen at the table before the first night: some
 * verified game must have it. Exit code 0: verified; 1: a check failed or nothing could
 * be verified; 2: bad usage.
 */
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import {
  applyInPlace,
  createGame,
  dealCommitment,
  type GameState,
  rulesetById,
} from "../engine/index.js";
import type { JournalHeader, JournalRecord } from "./journal.js";

export interface GameReport {
  label: string;
  commitment: string | null;
  /** The deal was opened and every check on it passed. */
  verified: boolean;
  passed: string[];
  failed: string[];
  notes: string[];
}

export interface FileReport {
  file: string;
  kind: "journal" | "public log" | "unreadable";
  games: GameReport[];
  failed: string[];
}

const HEX64 = /^[0-9a-f]{64}$/;
const short = (hex: string) => `${hex.slice(0, 12)}…`;

function newReport(label: string): GameReport {
  return { label, commitment: null, verified: false, passed: [], failed: [], notes: [] };
}

/** The checks both kinds of file share, on an opened deal. */
function checkOpened(
  r: GameReport,
  deal: { commitment: string; salt: string; roles: readonly string[] },
  played: readonly (string | null)[] | null,
): void {
  const hash = dealCommitment(deal.salt, deal.roles);
  if (hash === deal.commitment)
    r.passed.push(`sha256(salt + ":" + roles) = ${short(hash)}, the commitment`);
  else
    r.failed.push(
      `sha256(salt + ":" + roles) = ${short(hash)}, not the commitment ${short(deal.commitment)}`,
    );
  if (played) {
    const differ = played.flatMap((role, i) =>
      role !== null && role !== "unknown" && role !== deal.roles[i] ? [i + 1] : [],
    );
    if (differ.length === 0) r.passed.push("the roles opened are the roles played");
    else r.failed.push(`seats ${differ.join(", ")} played other roles than the deal says`);
  }
  r.verified = r.failed.length === 0;
}

// ---------------------------------------------------------------------------------------
// Journals

export function verifyJournal(text: string): { games: GameReport[]; failed: string[] } {
  const lines = text.split("\n").filter((l) => l.trim().length > 0);
  const values: unknown[] = [];
  const failed: string[] = [];
  const r = newReport("game");
  for (const [i, line] of lines.entries()) {
    try {
      values.push(JSON.parse(line));
    } catch {
      if (i === lines.length - 1)
        r.notes.push(`the last line is torn (a write cut short) and was left out`);
      else failed.push(`line ${i + 1} is not JSON: the journal is damaged`);
    }
  }
  const [header, ...records] = values as [JournalHeader, ...JournalRecord[]];
  if (failed.length > 0) return { games: [], failed };
  const created = createGame(header.config);
  if (!created.ok)
    return { games: [], failed: [`the header makes no game: ${created.errors.join("; ")}`] };
  const state = created.state;
  for (const rec of records) {
    const rejection = rec?.type === "input" ? applyInPlace(state, rec.input, null) : null;
    if (rejection) r.failed.push(`record ${rec.n} is refused on replay (${rejection.code})`);
  }
  r.label = `${header.config.ruleset}, ${header.config.seats.length} seats, ${describe(state)}`;
  const deal = state.deal;
  if (!deal) {
    r.failed.push("no deal: the game in this journal was never started");
    return { games: [r], failed };
  }
  r.commitment = deal.commitment;
  r.passed.push(
    `the deal was made again from the seed in the header (${records.length} records replayed)`,
  );
  checkOpened(
    r,
    deal,
    state.seats.map((s) => s.role),
  );
  const composition = rulesetById(state.ruleset)?.composition(state.options, state.seats.length);
  if (composition && [...composition].sort().join() === [...deal.roles].sort().join())
    r.passed.push("the roles are the ruleset's composition");
  else r.failed.push("the roles are not the ruleset's composition");
  if (state.phase !== "ended")
    r.notes.push("the game has not ended: its deal is verified here, but not yet public");
  r.verified = r.failed.length === 0;
  return { games: [r], failed };
}

function describe(state: GameState): string {
  if (state.phase !== "ended") return `${state.phase}, round ${state.round}`;
  return state.winner ? `ended, ${state.winner} won` : "ended without a winner";
}

// ---------------------------------------------------------------------------------------
// Public logs

interface PublicDeal {
  commitment: string;
  salt: string | null;
  roles: string[] | null;
}

interface PublicStateLike {
  phase: string;
  round?: number;
  step?: string;
  winner?: string | null;
  deal: PublicDeal | null;
  roles?: Record<string, string> | null;
  seats?: { seat: number; role?: string | null }[];
}

function isPublicState(v: unknown): v is PublicStateLike {
  const o = v as Record<string, unknown> | null;
  return typeof o === "object" && o !== null && typeof o.phase === "string" && "deal" in o;
}

/** One message of a saved log: a bare payload, `topic payload`, or `{topic, payload}`. */
function unwrap(value: unknown, topic: string | null): unknown {
  const o = value as { topic?: unknown; payload?: unknown } | null;
  if (o && typeof o === "object" && typeof o.topic === "string" && "payload" in o) {
    const payload = typeof o.payload === "string" ? safeJson(o.payload) : o.payload;
    return unwrap(payload, o.topic);
  }
  if (topic !== null && !topic.endsWith("/public/state")) return null;
  return isPublicState(value) ? value : null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The public states in a saved log, in order. */
export function publicStates(text: string): PublicStateLike[] {
  const whole = safeJson(text);
  const items: unknown[] =
    whole === undefined
      ? text
          .split("\n")
          .filter((l) => l.trim().length > 0)
          .map((line) => {
            const m = /^(\S+) (\{.*)$/.exec(line.trim());
            return m && !line.trim().startsWith("{")
              ? unwrap(safeJson(m[2] as string), m[1] as string)
              : unwrap(safeJson(line), null);
          })
      : (Array.isArray(whole) ? whole : [whole]).map((v) => unwrap(v, null));
  return items.filter(isPublicState);
}

/** Splits the states into games: a new one at a setup after play, or a new deal after an end. */
function splitGames(states: PublicStateLike[]): PublicStateLike[][] {
  const games: PublicStateLike[][] = [];
  let current: PublicStateLike[] = [];
  let previous: PublicStateLike | null = null;
  for (const s of states) {
    const newSetup = s.phase === "setup" && previous !== null && previous.phase !== "setup";
    const newDeal =
      previous?.phase === "ended" &&
      s.deal !== null &&
      s.deal.commitment !== previous.deal?.commitment;
    if ((newSetup || newDeal) && current.length > 0) {
      games.push(current);
      current = [];
    }
    current.push(s);
    previous = s;
  }
  if (current.length > 0) games.push(current);
  return games;
}

function verifyPublicGame(states: PublicStateLike[], index: number): GameReport {
  const r = newReport(`game ${index + 1}`);
  const first = states.findIndex((s) => s.deal !== null);
  const last = states[states.length - 1] as PublicStateLike;
  r.label = `game ${index + 1}: ${states.length} public state${states.length === 1 ? "" : "s"}, ${last.phase}${last.winner ? `, ${last.winner} won` : ""}`;
  if (first < 0) {
    if (states.some((s) => s.phase !== "setup"))
      r.failed.push("the game is played without a commitment");
    else r.notes.push("set up, never started: no deal");
    return r;
  }
  const at = states[first] as PublicStateLike;
  const commitment = (at.deal as PublicDeal).commitment;
  r.commitment = commitment;
  if (!HEX64.test(commitment)) r.failed.push(`the commitment ${commitment} is not 64 hex digits`);
  const playedBefore = states.slice(0, first).find((s) => s.phase !== "setup");
  if (playedBefore) r.failed.push(`a ${playedBefore.phase} state came before any commitment`);
  else if (first > 0 || (at.phase === "night" && at.round === 0))
    r.passed.push(
      `committed to ${short(commitment)} at the deal (${at.phase}, round ${at.round ?? "?"})`,
    );
  else if (states.length === 1)
    r.notes.push("only one state: when the commitment was first published is not in this file");
  else
    r.notes.push(
      `the log starts at ${at.phase}, round ${at.round ?? "?"}: its beginning is not in this file`,
    );
  const changed = states.findIndex((s, i) => i > first && s.deal?.commitment !== commitment);
  if (changed >= 0) {
    const s = states[changed] as PublicStateLike;
    r.failed.push(
      `state ${changed + 1} (${s.phase}, round ${s.round ?? "?"}) carries ${s.deal ? `another commitment ${short(s.deal.commitment)}` : "no commitment"}`,
    );
  } else if (states.length - first > 1)
    r.passed.push(`all ${states.length - first} states from the deal on carry the same commitment`);
  const opened = states.find((s) => s.deal?.salt && s.deal.roles);
  const early = states.find((s) => s.phase !== "ended" && (s.deal?.salt || s.deal?.roles));
  if (early)
    r.failed.push(
      `the deal was opened before the end (${early.phase}, round ${early.round ?? "?"})`,
    );
  if (!opened?.deal?.salt || !opened.deal.roles) {
    r.notes.push(
      last.phase === "ended"
        ? "the deal stayed closed at the end (hidden roles)"
        : "not ended: the deal is not opened yet",
    );
    return r;
  }
  const shown = opened.roles ?? null;
  const played = shown ? opened.deal.roles.map((_r, i) => shown[String(i + 1)] ?? null) : null;
  checkOpened(r, { commitment, salt: opened.deal.salt, roles: opened.deal.roles }, played);
  r.verified = r.failed.length === 0;
  return r;
}

export function verifyPublicLog(text: string): { games: GameReport[]; failed: string[] } {
  const states = publicStates(text);
  if (states.length === 0) return { games: [], failed: ["no public state in this file"] };
  return { games: splitGames(states).map(verifyPublicGame), failed: [] };
}

// ---------------------------------------------------------------------------------------
// Files and the command line

function isJournal(text: string): boolean {
  const end = text.indexOf("\n");
  const first = safeJson(end < 0 ? text : text.slice(0, end)) as { type?: unknown } | undefined;
  return typeof first === "object" && first !== null && first.type === "header";
}

export async function verifyFile(path: string): Promise<FileReport> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (err) {
    return { file: path, kind: "unreadable", games: [], failed: [(err as Error).message] };
  }
  const journal = isJournal(text);
  const result = journal ? verifyJournal(text) : verifyPublicLog(text);
  return { file: path, kind: journal ? "journal" : "public log", ...result };
}

/** The verdict over all files; `expected` is the commitment seen at the table, if any. */
export function verdict(reports: FileReport[], expected?: string): { ok: boolean; text: string } {
  const out: string[] = [];
  const games = reports.flatMap((f) => f.games);
  const clean =
    reports.every((f) => f.failed.length === 0) && games.every((g) => g.failed.length === 0);
  let ok = clean;
  for (const f of reports) {
    out.push(`${basename(f.file)} (${f.kind})`);
    for (const x of f.failed) out.push(`  ✗ ${x}`);
    for (const g of f.games) {
      out.push(`  ${g.label}${g.commitment ? `, commitment ${g.commitment}` : ""}`);
      for (const x of g.passed) out.push(`    ✓ ${x}`);
      for (const x of g.failed) out.push(`    ✗ ${x}`);
      for (const x of g.notes) out.push(`    · ${x}`);
    }
  }
  const verified = games.filter((g) => g.verified);
  if (expected !== undefined) {
    const match = verified.some((g) => g.commitment === expected.toLowerCase());
    out.push(
      match
        ? `✓ the commitment seen at the table, ${short(expected)}, is a verified game's`
        : `✗ no verified game has the commitment ${expected}`,
    );
    ok &&= match;
  }
  if (verified.length === 0) ok = false;
  out.push(
    ok
      ? `VERIFIED: ${verified.length} deal${verified.length === 1 ? "" : "s"} matched the commitment published before the first night.`
      : clean && verified.length === 0
        ? "NOT VERIFIED: no opened deal to check (see the notes above)."
        : "FAILED: a check did not pass (see ✗ above).",
  );
  return { ok, text: out.join("\n") };
}

const OPTIONS = {
  commitment: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

function parse(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  } catch (err) {
    process.stderr.write(`verify-deal: ${(err as Error).message}\n`);
    return null;
  }
}

export async function main(argv: string[]): Promise<number> {
  const parsed = parse(argv);
  if (!parsed) return 2;
  const { values, positionals } = parsed;
  if (values.help || positionals.length === 0) {
    (values.help ? process.stdout : process.stderr).write(
      "usage: npm run verify-deal -- FILE... [--commitment HEX]\n" +
        "  FILE: a game journal (game-NNNN.jsonl) or a saved public log (public/state JSON lines)\n",
    );
    return values.help ? 0 : 2;
  }
  if (values.commitment !== undefined && !HEX64.test(values.commitment.toLowerCase())) {
    process.stderr.write("verify-deal: --commitment takes the 64 hex digits shown at the table\n");
    return 2;
  }
  const reports = await Promise.all(positionals.map(verifyFile));
  const { ok, text } = verdict(reports, values.commitment);
  process.stdout.write(`${text}\n`);
  return ok ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
