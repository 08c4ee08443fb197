/**
 * Each ruleset's crowded day and night, for any seat count, built from its manifest (the
 * steps it has and the capabilities it declares), never from its name: a ruleset added
 * later gets its looks without a change here. Each state passes the wire schema, so the
 * screens get nothing a hub could not send. The table-layout test feeds them in place.
 */
import { availableRulesets, rulesetById } from "../../hub/engine/rulesets/index.js";
import type { RulesetManifest } from "../../protocol/manifest.js";
import { type PublicText, publicTextSchema } from "../../protocol/text.js";
import { type LogEntry, type PublicState, publicStateSchema } from "../../protocol/views.js";
import type { TableView } from "./table-views.js";

/**
 * Names of the length a table types (the chip ellipsizes longer ones on purpose), Latin
 * and Cyrillic, the longest of them where the chips are smallest.
 */
const NAMES = [
  "Anna",
  "Boris",
  "Clara",
  "Dmitri",
  "Evgenia",
  "Friedrich",
  "Galina",
  "Hans",
  "Irina",
  "Jonas",
  "Katja",
  "Leonid",
  "Marta",
  "Nikolai",
  "Olga",
  "Pavel",
  "Quirin",
  "Rosa",
  "Светлана",
  "Wilhelm",
];

const AD = "Sold: one umbrella, barely used. Ask the baker at the corner before noon.";
const VOTE_KINDS = new Set(["thumbVote", "openVote", "secretVote"]);

/**
 * Every badge a chip can carry at once: out (killed, voted, removed), fouls up to the
 * fourth, and one seat in play but offline ("reconnecting…", the longest status line).
 */
function seats(count: number): PublicState["seats"] {
  const out: Record<number, string> = { 2: "killed", 5: "voted", 7: "removed" };
  return Array.from({ length: count }, (_, i) => {
    const seat = i + 1;
    return {
      seat,
      name: NAMES[i] as string,
      alive: !out[seat],
      out: out[seat] ?? null,
      fouls: out[seat] === "removed" ? 4 : seat % 4 === 0 ? 3 : seat % 3 === 0 ? 1 : 0,
      online: seat !== 6 && seat !== count - 1,
      role: null,
    };
  });
}

function base(ruleset: string, count: number, step: string, phase: PublicState["phase"]) {
  const state: PublicState = {
    table: "t1",
    ruleset,
    now: 1_000_000,
    phase,
    step,
    round: 3,
    speaker: null,
    // A running clock: the countdown ring stands in the middle too.
    until: 1_000_000 + 42_000,
    paused: false,
    seats: seats(count),
    nominations: [],
    counting: null,
    tally: {},
    ballot: [],
    waitingFor: [],
    winner: null,
    roles: null,
    deal: null,
    announcements: [],
    timings: {},
    extras: {},
  };
  return state;
}

const living = (s: PublicState) => s.seats.filter((x) => x.alive).map((x) => x.seat);

/** The day's vote as crowded as the ruleset's capabilities allow. */
function dayVote(m: RulesetManifest, id: string, count: number): PublicState | null {
  const step = m.steps.find(
    (s) => s.phase === "day" && VOTE_KINDS.has(s.kind) && s.question !== "leaveOrStay",
  );
  if (!step) return null;
  const s = base(id, count, step.id, "day");
  const targets = [1, 3, 4, count];
  if (m.capabilities.nominations) {
    s.nominations = targets;
    s.counting = 3;
  }
  s.ballot = m.capabilities.nominations ? targets : living(s);
  s.tally = { "1": 2, "3": 3, [String(count)]: 1 };
  if (m.capabilities.openVote) s.voters = { "1": [4, 8], "3": [1, 9, count], [count]: [3] };
  if (m.capabilities.dayBoard)
    s.extras = { votes: { "1": 3, "3": 1, "4": 3, [String(count)]: 1 }, day: 3, night: 2 };
  if (m.capabilities.warnings) s.extras = { ...s.extras, warnings: { "3": 2, "4": 1 } };
  s.waitingFor = living(s).slice(0, 3);
  return s;
}

/** A speech (a speaker's chip grows), where the ruleset has speaking steps. */
function speech(m: RulesetManifest, id: string, count: number): PublicState | null {
  const step = m.steps.find((s) => s.phase === "day" && s.kind === "speaking");
  if (!step) return null;
  const s = base(id, count, step.id, "day");
  s.speaker = count;
  if (m.capabilities.nominations) s.nominations = [1, 3];
  return s;
}

function night(m: RulesetManifest, id: string, count: number): PublicState | null {
  const step = m.steps.find((s) => s.phase === "night");
  if (!step) return null;
  const s = base(id, count, step.id, "night");
  if (m.capabilities.dayBoard) s.extras = { day: 3, night: 3 };
  return s;
}

/** Published texts, for rulesets whose seats write them: the screens set them aside. */
function texts(count: number): PublicText {
  return publicTextSchema.parse({
    papers: [
      {
        edition: 2,
        phase: "day",
        round: 2,
        ads: [1, 2, 3].map((n) => ({ pseudonym: `Owl ${n}`, text: AD })),
      },
    ],
    wills: [{ seat: 2, text: `${AD} ${AD}` }],
    messages: [{ night: 1, victim: Math.min(7, count), text: AD }],
  });
}

function log(key: string, seatsIn: number[], seq: number): LogEntry {
  return { seq, at: 1000 * seq, key, seats: seatsIn, params: {} };
}

/** Every ruleset's day vote, speech (if any) and night at `count` seats. */
export function rulesetLooks(count: number): TableView[] {
  const views: TableView[] = [];
  const announcements = [log("game.start", [], 1), log("vote.start", [1, 3, 4], 2)];
  for (const id of availableRulesets()) {
    const m = rulesetById(id)?.manifest;
    if (!m) continue;
    const written = m.capabilities.textInputs ? texts(count) : null;
    const looks = {
      day: dayVote(m, id, count),
      speech: speech(m, id, count),
      night: night(m, id, count),
    };
    for (const [look, state] of Object.entries(looks))
      if (state)
        views.push({
          name: `${id} ${look}`,
          state: publicStateSchema.parse(state),
          texts: written,
          announcements,
        });
  }
  return views;
}
