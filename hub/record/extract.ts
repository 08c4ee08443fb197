/**
 * The game record from a journal alone: the journal is replayed through the pure engine
 * (replay.ts) and every fact is read off the trace: announcements, state changes and the
 * accepted inputs. Generic over rulesets: nothing here knows a role.
 */
import type { GameState } from "../engine/index.js";
import type { JournalContents } from "../journal/journal.js";
import type { GameRecord } from "./model.js";
import { replay, type Trace, type TraceStep } from "./replay.js";
import { voiceRecord } from "./speech.js";
import { type TextRecordOptions, textsOfTrace, undoneInput } from "./texts.js";
import { VoteCollector } from "./votes.js";

/** The silent nights' decoy answers carry nothing (hub/engine/decoys.ts). */
const DECOY = "decoy";

export function recordFromJournal(
  journal: Pick<JournalContents, "header" | "records">,
  o: TextRecordOptions = {},
): GameRecord {
  return recordFromTrace(replay(journal), o);
}

export function recordFromTrace(trace: Trace, o: TextRecordOptions = {}): GameRecord {
  const { steps, final } = trace;
  const setupAt = trace.header.config.at;
  const startStep = steps.find((s) => s.input.type === "host" && s.input.action.cmd === "start");
  const startedAt = startStep?.input.at ?? null;
  const clock = (at: number) => at - (startedAt ?? setupAt);
  const when = (s: TraceStep, state: GameState = s.before) => ({
    n: s.n,
    at: s.input.at,
    clock: clock(s.input.at),
    round: state.round,
    phase: state.phase,
    step: state.step,
    speaker: state.speaker,
  });
  const thumbs: GameRecord["thumbs"] = [];
  const lastDown = (seat: number, at: number) =>
    thumbs.findLast((t) => t.seat === seat && t.down && t.at <= at)?.at ?? null;
  const votes = new VoteCollector(clock, lastDown);
  const r: GameRecord = {
    format: "mafia-table-kit/record",
    v: 1,
    table: trace.header.config.table,
    ruleset: trace.initial.ruleset,
    options: trace.initial.options,
    setupAt,
    startedAt,
    endedAt: final.phase === "ended" ? (steps.at(-1)?.input.at ?? null) : null,
    winner: final.winner,
    aborted: final.phase === "ended" && final.winner === null,
    seats: [],
    fouls: [],
    removals: [],
    nominations: [],
    votes: votes.rounds,
    shootouts: [],
    nights: [],
    eliminations: [],
    lastWords: [],
    bestMove: null,
    corrections: trace.corrections.map((c) => ({
      n: c.n,
      at: c.at,
      clock: clock(c.at),
      reason: c.reason,
      undoes: c.undoes,
      undone: undoneInput(c.undone as unknown as Record<string, unknown> | null, o),
    })),
    void: trace.void.map((v) => ({ n: v.n, code: v.code })),
    thumbs,
  };
  const nightOf = (round: number) => {
    let night = r.nights.find((x) => x.round === round);
    if (!night) {
      night = { round, actions: [], checks: [], killed: [] };
      r.nights.push(night);
      r.nights.sort((a, b) => a.round - b.round);
    }
    return night;
  };
  const outRound = new Map<number, number>();
  for (const s of steps) {
    const input = s.input;
    if (input.type === "seat" && input.action.kind === "thumb")
      thumbs.push({ seat: input.seat, at: input.at, down: input.action.down });
    if (input.type === "seat" && input.action.kind === "act" && s.before.phase === "night") {
      const a = input.action;
      if (a.action !== DECOY && !s.dropped)
        nightOf(s.before.round).actions.push({
          ...when(s),
          seat: input.seat,
          action: a.action,
          targets: [...a.targets],
          option: a.option ?? null,
        });
    }
    if (input.type === "host" && (input.action.cmd as string) === "bestmove") {
      const a = input.action as unknown as { seat: number; guess: number[] };
      r.bestMove = { ...when(s), seat: a.seat, guess: [...a.guess] };
    }
    for (const log of s.logs) {
      const [first, second] = log.seats;
      if (log.key === "foul" && first !== undefined)
        r.fouls.push({
          ...when(s),
          seat: first,
          cause: typeof log.params.cause === "string" ? log.params.cause : null,
          count: typeof log.params.fouls === "number" ? log.params.fouls : 0,
        });
      if (log.key === "removed" && first !== undefined)
        r.removals.push({
          ...when(s),
          seat: first,
          cause: typeof log.params.cause === "string" ? log.params.cause : null,
          reason: typeof log.params.reason === "string" ? log.params.reason : null,
        });
      if (log.key === "nomination" && first !== undefined && second !== undefined)
        r.nominations.push({ ...when(s), by: first, seat: second });
      if (log.key === "shootout") r.shootouts.push({ ...when(s), seats: [...log.seats] });
    }
    s.after.seats.forEach((after, i) => {
      const before = s.before.seats[i];
      if (!before) return;
      for (const result of after.results.slice(before.results.length)) {
        const target = result.seats[0];
        if (target !== undefined)
          nightOf(result.night).checks.push({
            ...when(s),
            seat: after.seat,
            target,
            result: result.key,
          });
      }
      if (before.alive && !after.alive) {
        const how = after.out ?? "out";
        r.eliminations.push({ ...when(s), seat: after.seat, how });
        outRound.set(after.seat, s.before.round);
        if (s.before.phase === "night" && how === "killed")
          nightOf(s.before.round).killed.push(after.seat);
      }
    });
    lastWords(r, s);
    votes.step(s);
  }
  r.seats = final.seats.map((s) => ({
    seat: s.seat,
    name: s.name,
    role: s.role,
    team: s.team,
    out: s.out,
    outRound: outRound.get(s.seat) ?? null,
    fouls: s.fouls,
  }));
  const texts = textsOfTrace(trace, o);
  if (texts) r.texts = texts;
  const voice = voiceRecord(trace);
  if (voice) r.voice = voice;
  return r;
}

const speakingLast = (s: GameState) =>
  s.phase === "day" && s.step === "lastword" ? s.speaker : null;

function lastWords(r: GameRecord, s: TraceStep): void {
  const was = speakingLast(s.before);
  const is = speakingLast(s.after);
  if (was === is) return;
  if (was !== null) {
    const open = r.lastWords.findLast((w) => w.seat === was && w.to === null);
    if (open) open.to = s.input.at;
  }
  if (is !== null) r.lastWords.push({ seat: is, round: s.after.round, from: s.input.at, to: null });
}
