/**
 * FIIM-style points, as an option: a win, the first night's victim's best move, penalties
 * for fouls and removals, and a bonus for a clear win; summed over a series of games into
 * a tournament table with tie-breaks. The values are options with our defaults (docs/
 * RECORD.md); a tournament sets its own.
 */
import { z } from "zod";
import type { GameRecord } from "./model.js";

export const scoringSchema = z.strictObject({
  win: z.number().default(1),
  /** Points for the best move by how many of the named seats were black. */
  bestMove: z.record(z.string(), z.number()).default({ "2": 0.25, "3": 0.5 }),
  /** Per foul (usually 0), and for leaving by removal (provocation, peeking, 4 fouls, host). */
  foul: z.number().default(0),
  removal: z.number().default(-0.5),
  /** Each winner, when no member of the winning team was voted out or removed. */
  clearWin: z.number().default(0.25),
});

export type Scoring = z.infer<typeof scoringSchema>;

export function defaultScoring(): Scoring {
  return scoringSchema.parse({});
}

export type Points = NonNullable<GameRecord["points"]>;

export function scoreGame(r: GameRecord, scoring: Scoring = defaultScoring()): Points {
  const winners = r.seats.filter((s) => r.winner !== null && s.team === r.winner);
  const clear =
    winners.length > 0 && winners.every((s) => s.out !== "voted" && s.out !== "removed");
  return r.seats.map((s) => {
    const parts: Record<string, number> = {};
    if (r.winner !== null && s.team === r.winner) {
      parts.win = scoring.win;
      if (clear && scoring.clearWin) parts.clearWin = scoring.clearWin;
    }
    if (r.bestMove?.seat === s.seat) {
      const blacks = r.bestMove.guess.filter((n) => r.seats[n - 1]?.team === "mafia").length;
      const bonus = scoring.bestMove[String(blacks)];
      if (bonus) parts.bestMove = bonus;
    }
    if (s.fouls > 0 && scoring.foul) parts.fouls = s.fouls * scoring.foul;
    if (s.out === "removed" && scoring.removal) parts.removal = scoring.removal;
    const total = round2(Object.values(parts).reduce((a, b) => a + b, 0));
    return { seat: s.seat, name: s.name, total, parts };
  });
}

const round2 = (x: number) => Math.round(x * 1000) / 1000;

export interface TableRow {
  place: number;
  name: string;
  games: number;
  total: number;
  wins: number;
  bestMove: number;
  penalties: number;
}

/**
 * Players are matched by name across games. Tie-breaks, in order: more points, more wins,
 * more best-move points, fewer penalty points; then alphabetical (shared place).
 */
export function tournamentTable(
  records: GameRecord[],
  scoring: Scoring = defaultScoring(),
): TableRow[] {
  const rows = new Map<string, Omit<TableRow, "place">>();
  for (const r of records) {
    for (const p of scoreGame(r, scoring)) {
      const row = rows.get(p.name) ?? {
        name: p.name,
        games: 0,
        total: 0,
        wins: 0,
        bestMove: 0,
        penalties: 0,
      };
      row.games += 1;
      row.total = round2(row.total + p.total);
      if (p.parts.win) row.wins += 1;
      row.bestMove = round2(row.bestMove + (p.parts.bestMove ?? 0));
      row.penalties = round2(row.penalties - (p.parts.fouls ?? 0) - (p.parts.removal ?? 0));
      rows.set(p.name, row);
    }
  }
  const key = (r: Omit<TableRow, "place">) => [-r.total, -r.wins, -r.bestMove, r.penalties];
  const sorted = [...rows.values()].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++)
      if (ka[i] !== kb[i]) return (ka[i] as number) - (kb[i] as number);
    return a.name.localeCompare(b.name);
  });
  let place = 0;
  return sorted.map((row, i) => {
    const prev = sorted[i - 1];
    if (!prev || key(prev).some((v, j) => v !== key(row)[j])) place = i + 1;
    return { place, ...row };
  });
}
