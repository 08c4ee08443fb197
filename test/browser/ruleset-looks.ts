/**
 * Each ruleset's crowded day and night, for any seat count, built from its manifest (the
 * steps it has and the capabilities it declares), never from its name: a ruleset added
 * later gets its looks without a change here. Each state passes the wire schema, so the
 * screens get nothing a hub could not send. The table-layout test feeds them in place.
 */
import { availableRulesets, rulesetById } from "../../hub/engine/rulesets/index.js";
import type { RulesetManifest } from "../../protocol/manifest.js";
import { type PublicText, publicTextSchema } from "../../protocol/text.js";
import { type PublicState, publicStateSchema } from "../../protocol/views.js";
import {
  forumTexts,
  log,
  NAMES as TABLE_NAMES,
  type TableView,
  base as tableBase,
} from "./table-views.js";

/**
 * Names of the length a table types (the chip ellipsizes longer ones on purpose), Latin
 * and Cyrillic, the longest of them where the chips are smallest.
 */
const LONGER: Record<number, string> = {
  5: "Evgenia",
  6: "Friedrich",
  19: "Светлана",
  20: "Wilhelm",
};
const NAMES = TABLE_NAMES.map((name, i) => LONGER[i + 1] ?? name);

const VOTE_KINDS = new Set(["thumbVote", "openVote", "secretVote"]);

/**
 * A crowded day at `step` with its clock running (the countdown ring stands in the middle
 * too) and one more seat offline, "reconnecting…" being the longest status line.
 */
function base(ruleset: string, count: number, step: string, phase: PublicState["phase"]) {
  const state = tableBase(ruleset, count, { names: NAMES, offline: [6, count - 1] });
  state.phase = phase;
  state.step = step;
  state.round = 3;
  state.until = state.now + 42_000;
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
  // Without nominations every living seat is on the ballot, as the engines publish it.
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

/**
 * The end: every seat's role shown (the ruleset's roles round the table) and the winner, a
 * team the ruleset's roles play for. The longest role names sit beside the longest names.
 */
function ended(m: RulesetManifest, id: string, count: number): PublicState | null {
  const last = m.steps.find((s) => s.phase === "ended");
  const team = m.roles[0]?.team;
  if (!last || !team) return null;
  const s = base(id, count, last.id, "ended");
  s.until = null;
  s.winner = team;
  s.roles = Object.fromEntries(
    s.seats.map((x, i) => [String(x.seat), (m.roles[i % m.roles.length] as { id: string }).id]),
  );
  return s;
}

/** Published texts, for rulesets whose seats write them: the screens set them aside. */
function texts(count: number): PublicText {
  return publicTextSchema.parse(forumTexts(count));
}

/** Every ruleset's day vote, speech (if any), night and end at `count` seats. */
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
      end: ended(m, id, count),
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
