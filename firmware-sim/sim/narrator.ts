/** One readable line per announcement of `public/log`, for the simulator's output. */
import type { LogEntry } from "../../protocol/views.js";

const list = (seats: number[]) => seats.join(", ");

type Line = (e: LogEntry) => string;

const LINES: Record<string, Line> = {
  "game.start": (e) => `game starts: ${e.params.ruleset}, ${e.params.seats} seats, roles dealt`,
  "night.start": (e) => `night ${e.params.round} falls: blindfolds on`,
  morning: () => "morning of day 0",
  "morning.peaceful": () => "morning: nobody was hurt tonight",
  "morning.killed": (e) => `morning: seat ${list(e.seats)} was shot in the night`,
  "day.start": (e) => `day ${e.params.round}: seat ${e.seats[0]} speaks first`,
  nomination: (e) => `seat ${e.seats[0]} nominates seat ${e.seats[1]}`,
  "vote.nominees": (e) => (e.seats.length ? `nominees: ${list(e.seats)}` : "nobody nominated"),
  "vote.none": () => "no vote today",
  "vote.skipped": (e) => `only seat ${list(e.seats)} nominated on day 0: no vote`,
  "vote.start": (e) => (e.seats.length ? `vote on ${list(e.seats)}` : "the vote is open"),
  "vote.cast": (e) => `  seat ${e.seats[0]} votes for seat ${e.seats[1]}`,
  "vote.tie": (e) => `a tie${e.seats.length ? ` (${list(e.seats)})` : ""}: nobody leaves`,
  "vote.nobody": () => "no votes: nobody leaves",
  "morning.hunt.success": (e) => `morning: seat ${e.seats[0]} fell to a successful hunt`,
  "morning.hunt.failed": (e) => `morning: seat ${e.seats[0]} fell on a failed hunt`,
  "day.revealed": (e) => `yesterday's vote: seat ${e.seats[0]} was ${e.params.role}`,
  "night.waiting": () => "the night waits for a move it must have",
  "vote.revote.start": (e) => `revote on ${list(e.seats)}`,
  "vote.leave.start": (e) => `all leave or all stay? ${list(e.seats)}`,
  "vote.counted": (e) => `  seat ${e.seats[0]}: ${e.params.votes} vote(s)`,
  shootout: (e) => `shootout: ${list(e.seats)} tied and justify themselves`,
  "vote.leave.yes": (e) => `the table votes them out: ${list(e.seats)}`,
  "vote.leave.no": () => "all stay",
  "vote.eliminated": (e) => `voted out: seat ${list(e.seats)}`,
  removed: (e) => `seat ${list(e.seats)} removed from the table (${e.params.cause})`,
  foul: (e) => `foul on seat ${e.seats[0]} (${e.params.cause}), ${e.params.fouls} in all`,
  "foul.silenced": (e) => `seat ${e.seats[0]} loses the speech of day ${e.params.day}`,
  "speech.lost": (e) => `seat ${e.seats[0]} has no speech today`,
  "game.end": (e) => `game over: ${e.params.winner} wins`,
  "game.paused": () => "game paused",
  "game.resumed": () => "game resumed",
  "game.aborted": () => "game ended by the host",
};

export function describeEntry(e: LogEntry): string {
  const line = LINES[e.key];
  if (line) return line(e);
  const params = Object.entries(e.params)
    .map(([k, v]) => `${k}=${v}`)
    .join(" ");
  return `${e.key} ${list(e.seats)} ${params}`.trim();
}

/** The roles at the end, in seat order: "1 don, 2 civilian, ...". */
export function describeRoles(roles: Record<string, string>): string {
  return Object.keys(roles)
    .sort((a, b) => Number(a) - Number(b))
    .map((seat) => `${seat} ${roles[seat]}`)
    .join(", ");
}
