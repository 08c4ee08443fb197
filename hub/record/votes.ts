/**
 * Vote rounds from the trace: a counting window is any stretch of the day whose step is a
 * vote step (sport: vote, revote, leavevote, stayvote; app: vote). Who voted for whom is
 * read from the engine's own bookkeeping where it still holds it after the window closed,
 * and otherwise from what the engine counts: a thumb that is down when the window closes
 * (SPORT-VOTE-03), the rest on the last nominee (SPORT-VOTE-05), the last act of each seat
 * in a secret vote.
 */
import type { GameState } from "../engine/index.js";
import type { VoteRound, VoteWindow } from "./model.js";
import type { TraceStep } from "./replay.js";

const OUTCOMES = [
  "vote.eliminated",
  "shootout",
  "vote.leave.start",
  "vote.leave.yes",
  "vote.leave.no",
  "vote.none",
  "vote.tie",
  "vote.abstained",
];

interface SportVote {
  kind: "main" | "revote" | "leave";
  ballot: number[];
  index: number;
  votes: Record<string, number>;
}

const isVoteStep = (s: GameState) => s.phase === "day" && /vote/.test(s.step);
const keyOf = (s: GameState) => (isVoteStep(s) ? `${s.round}|${s.step}|${s.counting}` : null);

function kindOf(s: GameState): VoteRound["kind"] {
  if (s.step === "revote") return "revote";
  if (s.step === "leavevote" || s.step === "stayvote") return "leave";
  return sportVote(s) ? "main" : "secret";
}

function sportVote(s: GameState): SportVote | null {
  const v = (s.flow as { vote?: unknown }).vote;
  return v && typeof v === "object" && "votes" in v ? (v as SportVote) : null;
}

export class VoteCollector {
  readonly rounds: VoteRound[] = [];
  private open:
    | (VoteWindow & { acts: Map<number, { choice: number | string; at: number }> })
    | null = null;
  private current: VoteRound | null = null;

  constructor(
    private readonly clock: (at: number) => number,
    /** The last down edge of a seat's thumb at or before a time. */
    private readonly lastDown: (seat: number, at: number) => number | null,
  ) {}

  step(s: TraceStep): void {
    const before = keyOf(s.before);
    const after = keyOf(s.after);
    if (this.open && before !== null) this.noteAct(s);
    if (before !== null && before !== after) this.close(s);
    if (after !== null && after !== before) this.openWindow(s);
  }

  private noteAct(s: TraceStep): void {
    const open = this.open;
    if (!open || s.input.type !== "seat") return;
    const a = s.input.action;
    if (a.kind === "act" && a.action === "vote" && a.targets[0] !== undefined)
      open.acts.set(s.input.seat, { choice: a.targets[0], at: s.input.at });
    else if (a.kind === "pass") open.acts.set(s.input.seat, { choice: "abstain", at: s.input.at });
  }

  private openWindow(s: TraceStep): void {
    const state = s.after;
    const kind = kindOf(state);
    const cur = this.current;
    if (!cur || cur.kind !== kind || cur.round !== state.round || cur.outcome !== null) {
      this.current = {
        round: state.round,
        kind,
        ballot: [...state.ballot],
        windows: [],
        outcome: null,
        outcomeSeats: [],
        outcomeParams: {},
      };
      this.rounds.push(this.current);
    }
    const at = s.input.at;
    this.open = {
      step: state.step,
      nominee: state.counting,
      opened: at,
      closed: at,
      openedClock: this.clock(at),
      closedClock: this.clock(at),
      count: null,
      voters: [],
      acts: new Map(),
    };
  }

  private close(s: TraceStep): void {
    const open = this.open;
    if (!open || !this.current) return;
    this.open = null;
    const at = s.input.at;
    open.closed = at;
    open.closedClock = this.clock(at);
    const sport = sportVote(s.before);
    open.voters = sport ? this.sportVoters(s, sport, open) : this.actVoters(open);
    open.count = countOf(s, open);
    const { acts: _acts, ...window } = open;
    this.current.windows.push(window);
    const outcome = s.logs.find((l) => OUTCOMES.includes(l.key));
    if (outcome && this.current.outcome === null) {
      this.current.outcome = outcome.key;
      this.current.outcomeSeats = [...outcome.seats];
      this.current.outcomeParams = { ...outcome.params };
    }
  }

  private actVoters(open: NonNullable<VoteCollector["open"]>): VoteWindow["voters"] {
    return [...open.acts.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([seat, act]) => ({
        seat,
        choice: act.choice,
        at: act.at,
        clock: this.clock(act.at),
        defaulted: false,
      }));
  }

  private sportVoters(s: TraceStep, vote: SportVote, open: VoteWindow): VoteWindow["voters"] {
    const after = sportVote(s.after);
    const leaveChoice = (voter: number, v: number) =>
      vote.kind === "leave" ? (v === voter ? "leave" : "stay") : v;
    let cast: [number, number | string][];
    if (after && after.kind === vote.kind && after.index > vote.index) {
      cast = Object.entries(after.votes)
        .filter(([voter]) => !(voter in vote.votes))
        .map(([voter, v]) => [Number(voter), leaveChoice(Number(voter), v)]);
    } else {
      // The vote was resolved with this window and the engine's bookkeeping is gone.
      const last = vote.kind !== "leave" && vote.index === vote.ballot.length - 1;
      cast = s.before.seats
        .filter((x) => x.alive && !(String(x.seat) in vote.votes))
        .filter((x) => x.thumbDown === true || last)
        .map((x) => [
          x.seat,
          vote.kind === "leave"
            ? open.step === "stayvote"
              ? "stay"
              : "leave"
            : (open.nominee ?? 0),
        ]);
    }
    return cast
      .sort((a, b) => a[0] - b[0])
      .map(([seat, choice]) => {
        const down = s.before.seats[seat - 1]?.thumbDown === true;
        const edge = down ? this.lastDown(seat, s.input.at) : null;
        return {
          seat,
          choice,
          at: edge,
          clock: edge === null ? null : this.clock(edge),
          defaulted: !down,
        };
      });
  }
}

/** The engine's published count for the window, where it announced one. */
function countOf(s: TraceStep, open: VoteWindow): number | null {
  const counted = s.logs.find((l) => l.key === "vote.counted");
  if (counted && typeof counted.params.votes === "number") return counted.params.votes;
  const leave = s.logs.find((l) => l.key === "vote.leave.yes" || l.key === "vote.leave.no");
  if (leave) {
    const key = open.step === "stayvote" ? "stay" : "leave";
    return typeof leave.params[key] === "number" ? (leave.params[key] as number) : null;
  }
  const tally = s.after.tally;
  if (open.step === "leavevote" && typeof tally.leave === "number") return tally.leave;
  if (open.nominee !== null && typeof tally[String(open.nominee)] === "number")
    return tally[String(open.nominee)] as number;
  return null;
}
