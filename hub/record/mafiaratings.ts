/**
 * Tournament export for `sport`: the game in the format the mafiaratings judge client
 * writes (js/src/game.js, `version = "1.3"`, checked server-side by `Game::check()` in
 * include/game.php). Field by field:
 *  - players[10]: name, role ("civ" | "sheriff" | "maf" | "don"), death {type, round,
 *    time}, warnings (one game-time per foul), nominating[round], voting[round] (a seat, or
 *    with a shootout an array: one vote per voting round, then a boolean for "kill all"),
 *    shooting[night - 1], don / sheriff (the round in which this player was checked),
 *    legacy (the first night's victim's best move);
 *  - winner "civ" | "maf", startTime / endTime in Unix seconds, features (the letters of
 *    the data present).
 * What mafiaratings has no field for (exact times, foul causes, corrections, thumb edges)
 * stays in our own JSON; docs/RECORD.md lists it.
 */
import { rulesetById } from "../engine/index.js";
import type { GameRecord } from "./model.js";

type GameTime = {
  round: number;
  time: string;
  speaker?: number;
  nominee?: number;
  votingRound?: number;
};

interface MrPlayer {
  id: number;
  name: string;
  role?: "sheriff" | "maf" | "don";
  death?: { type: string; round: number; time?: GameTime };
  warnings?: GameTime[];
  nominating?: (number | null)[];
  voting?: (number | (number | boolean | null)[] | null)[];
  shooting?: (number | null)[];
  don?: number;
  sheriff?: number;
  legacy?: number[];
}

export interface MafiaratingsGame {
  version: "1.3";
  startTime: number;
  endTime: number;
  language: string;
  moderator: { id: number };
  players: MrPlayer[];
  winner?: "civ" | "maf";
  features: string;
}

const ROLE: Record<string, MrPlayer["role"] | undefined> = {
  sheriff: "sheriff",
  mafia: "maf",
  don: "don",
};

/** Our step at a moment → the client's game time. */
function gameTime(
  e: { round: number; phase: string; step: string; speaker: number | null },
  nominee: number | null,
): GameTime {
  const seat = e.speaker;
  const round = e.round;
  if (e.phase === "night") {
    const time =
      e.step === "don"
        ? "don"
        : e.step === "sheriff"
          ? "sheriff"
          : round === 0
            ? "night start"
            : "shooting";
    return { round, time };
  }
  switch (e.step) {
    case "speech":
      return seat === null
        ? { round, time: "speaking" }
        : { round, time: "speaking", speaker: seat };
    case "vote":
    case "revote":
      return nominee === null
        ? { round, time: "voting start" }
        : { round, time: "voting", nominee, votingRound: e.step === "revote" ? 1 : 0 };
    case "leavevote":
    case "stayvote":
      return { round, time: "voting kill all" };
    case "lastword":
      return seat === null
        ? { round, time: "day kill speaking" }
        : { round, time: "day kill speaking", speaker: seat };
    default:
      return { round, time: "night kill speaking" };
  }
}

type ListKey = "warnings" | "nominating" | "voting" | "shooting";

/** The player's list field, created when first needed. */
function list<K extends ListKey>(p: MrPlayer, key: K): NonNullable<MrPlayer[K]> {
  if (p[key] === undefined) p[key] = [] as unknown as MrPlayer[K];
  return p[key] as NonNullable<MrPlayer[K]>;
}

function setAt<T>(arr: (T | null)[], index: number, value: T): void {
  while (arr.length <= index) arr.push(null);
  arr[index] = value;
}

export function toMafiaratings(r: GameRecord): MafiaratingsGame {
  // The ruleset's manifest says whether its games fit the tournament format (today sport's).
  if (!rulesetById(r.ruleset)?.manifest.capabilities.recordFormats.includes("mafiaratings"))
    throw new Error(`mafiaratings takes sport games only, not ${r.ruleset}`);
  if (r.seats.length !== 10)
    throw new Error(`mafiaratings takes 10 players, this game had ${r.seats.length}`);
  const players: MrPlayer[] = r.seats.map((s) => {
    const p: MrPlayer = { id: 0, name: s.name };
    const role = s.role ? ROLE[s.role] : undefined;
    if (role) p.role = role;
    return p;
  });
  const player = (seat: number) => players[seat - 1] as MrPlayer;
  for (const f of r.fouls) list(player(f.seat), "warnings").push(gameTime(f, null));
  for (const n of r.nominations) setAt(list(player(n.by), "nominating"), n.round, n.seat);
  for (const night of r.nights) {
    if (night.round < 1) continue;
    for (const a of night.actions) {
      if (a.action !== "shoot" || a.targets[0] === undefined) continue;
      const shooting = list(player(a.seat), "shooting");
      // One shot per night in this format: a second shot (which spoils ours) is not representable.
      if ((shooting[night.round - 1] ?? null) === null)
        setAt(shooting, night.round - 1, a.targets[0]);
    }
    for (const c of night.checks) {
      const checker = r.seats[c.seat - 1]?.role;
      if (checker === "don") player(c.target).don = night.round;
      if (checker === "sheriff") player(c.target).sheriff = night.round;
    }
  }
  votingOf(r, players);
  for (const e of r.eliminations) {
    const removal = r.removals.find((m) => m.n === e.n && m.seat === e.seat);
    const type =
      e.how === "killed"
        ? "night"
        : e.how === "voted"
          ? "day"
          : removal?.cause === "fouls"
            ? "warnings"
            : "kickOut";
    const death: NonNullable<MrPlayer["death"]> = { type, round: e.round };
    if (type === "kickOut") death.time = gameTime(e, null);
    player(e.seat).death = death;
  }
  if (r.bestMove) player(r.bestMove.seat).legacy = [...r.bestMove.guess];
  const game: MafiaratingsGame = {
    version: "1.3",
    startTime: Math.floor((r.startedAt ?? r.setupAt) / 1000),
    endTime: Math.floor((r.endedAt ?? r.startedAt ?? r.setupAt) / 1000),
    language: typeof r.options.lang === "string" ? r.options.lang : "en",
    moderator: { id: 0 },
    players,
    features: "gsdutclhvknwr",
  };
  if (r.winner === "town") game.winner = "civ";
  if (r.winner === "mafia") game.winner = "maf";
  return game;
}

/** voting[round]: the seat voted for; with a shootout one entry per voting round and the kill-all boolean. */
function votingOf(r: GameRecord, players: MrPlayer[]): void {
  const days = new Map<number, GameRecord["votes"]>();
  for (const v of r.votes) days.set(v.round, [...(days.get(v.round) ?? []), v]);
  for (const [round, rounds] of days) {
    const ballots = rounds.filter((v) => v.kind === "main" || v.kind === "revote");
    const leave = rounds.find((v) => v.kind === "leave");
    const voters = new Set(
      rounds.flatMap((v) => v.windows.flatMap((w) => w.voters.map((x) => x.seat))),
    );
    for (const seat of voters) {
      const choices: (number | null)[] = ballots.map((v) => {
        const vote = v.windows.flatMap((w) => w.voters).find((x) => x.seat === seat);
        return typeof vote?.choice === "number" ? vote.choice : null;
      });
      const p = players[seat - 1] as MrPlayer;
      const voting = list(p, "voting");
      if (choices.length === 1 && !leave) {
        setAt(voting, round, choices[0] as number);
        continue;
      }
      const split: (number | boolean | null)[] = [...choices];
      if (leave) {
        const vote = leave.windows.flatMap((w) => w.voters).find((x) => x.seat === seat);
        split.push(vote?.choice === "leave");
      }
      setAt(voting, round, split);
    }
  }
}
