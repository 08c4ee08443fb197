/**
 * Crowded table views for layout tests, fed straight into a screen (`feed`) instead of
 * playing a game to reach them: for any seat count, a sport vote with every kind of badge,
 * a forum day and a forum night with published texts, and the end with every role shown.
 * Each state passes the wire schema, so the screen gets nothing a hub could not send.
 */
import type { Page } from "playwright-core";
import { availableRulesets, rulesetById } from "../../hub/engine/rulesets/index.js";
import { audienceExtraSchema } from "../../protocol/audience.js";
import { type PublicText, publicTextSchema } from "../../protocol/text.js";
import { type LogEntry, type PublicState, publicStateSchema } from "../../protocol/views.js";
import type { TableSnapshot } from "../../web-display/src/connection.js";

/** Names of the length a table types. */
export const NAMES = [
  "Anna",
  "Boris",
  "Clara",
  "Dmitri",
  "Eva",
  "Felix",
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
  "Sergei",
  "Tanja",
];

export const AD = "Sold: one umbrella, barely used. Ask the baker at the corner before noon.";

/** Who sits where, and how: names, seats out (killed, voted, removed), fouls, who is offline. */
export interface Seating {
  names: readonly string[];
  offline: readonly number[];
}

const SEATING: Seating = { names: NAMES, offline: [6] };

/**
 * Every badge a chip can carry at once: out (killed, voted, removed), fouls up to the
 * fourth on a removed seat, and seats in play but offline.
 */
function seats(count: number, seating: Seating): PublicState["seats"] {
  const out: Record<number, string> = { 2: "killed", 5: "voted", 7: "removed" };
  return Array.from({ length: count }, (_, i) => {
    const seat = i + 1;
    return {
      seat,
      name: seating.names[i] as string,
      alive: !out[seat],
      out: out[seat] ?? null,
      fouls: out[seat] === "removed" ? 4 : seat % 4 === 0 ? 3 : seat % 3 === 0 ? 1 : 0,
      online: !seating.offline.includes(seat),
      role: null,
    };
  });
}

export function log(key: string, seatsIn: number[], seq: number): LogEntry {
  return { seq, at: 1000 * seq, key, seats: seatsIn, params: {} };
}

/** A day's speech step at `count` seats with no clock running; callers change what differs. */
export function base(
  ruleset: PublicState["ruleset"],
  count: number,
  seating: Seating = SEATING,
): PublicState {
  return {
    table: "t1",
    ruleset,
    now: 1_000_000,
    phase: "day",
    step: "speech",
    round: 2,
    speaker: null,
    until: null,
    paused: false,
    seats: seats(count, seating),
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
}

/** Every role of the ruleset in turn, round the table. */
function roles(ruleset: string, count: number): Record<string, string> {
  const ids = rulesetById(ruleset)?.manifest.roles.map((r) => r.id) ?? ["citizen"];
  return Object.fromEntries(
    Array.from({ length: count }, (_, i) => [String(i + 1), ids[i % ids.length] as string]),
  );
}

export interface TableView {
  name: string;
  state: PublicState;
  texts: PublicText | null;
  announcements: LogEntry[];
}

const NO_TEXT: PublicText = { papers: [], wills: [], messages: [] };

/** A paper of three ads, a will and a death message: what seats that write publish. */
export function forumTexts(count: number): PublicText {
  return {
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
  };
}

/** The crowded moments of a table of `count` seats. */
export function tableViews(count: number): TableView[] {
  const living = (s: PublicState) => s.seats.filter((x) => x.alive).map((x) => x.seat);
  const vote = base("sport", count);
  vote.step = "vote";
  vote.nominations = [1, 3, 4, count];
  vote.counting = 3;
  vote.ballot = [...vote.nominations];
  vote.tally = { "1": 2, "3": 3 };
  vote.voters = { "1": [4, 8], "3": [1, 9, count] };
  vote.waitingFor = living(vote).slice(0, 3);

  const speech = base("hunt", count);
  speech.speaker = count;
  speech.nominations = [1, 3];

  const forumDay = base("forum", count);
  forumDay.step = "day";
  forumDay.extras = { votes: { "1": 3, "3": 1, "4": 3, [String(count)]: 1 } };
  forumDay.tally = { "3": 2, "1": 2 };

  const night = base("forum", count);
  night.phase = "night";
  night.step = "night";

  const ended = base("hunt", count);
  ended.phase = "ended";
  ended.step = "end";
  ended.winner = "town";
  ended.roles = roles("hunt", count);

  const forumEnded = base("forum", count);
  forumEnded.phase = "ended";
  forumEnded.step = "end";
  forumEnded.winner = "mafia";
  forumEnded.roles = roles("forum", count);

  const announcements = [log("game.start", [], 1), log("vote.start", [1, 3, 4], 2)];
  return [
    { name: "vote", state: vote, texts: null, announcements },
    { name: "speech", state: speech, texts: null, announcements },
    { name: "forum-day", state: forumDay, texts: forumTexts(count), announcements },
    { name: "forum-night", state: night, texts: forumTexts(count), announcements },
    { name: "end", state: ended, texts: null, announcements },
    { name: "forum-end", state: forumEnded, texts: NO_TEXT, announcements },
  ].map((v) => ({
    ...v,
    state: publicStateSchema.parse(v.state),
    texts: v.texts && publicTextSchema.parse(v.texts),
  }));
}

/** The snapshot a screen's connection would hold for `view` (the audience's with every role). */
export function snapshotOf(view: TableView, identity: "display" | "audience"): TableSnapshot {
  const audience =
    identity === "audience"
      ? audienceExtraSchema.parse({
          roles: view.state.roles ?? roles(view.state.ruleset, view.state.seats.length),
          night: [],
          results: [],
        })
      : null;
  return {
    table: "t1",
    identity,
    status: "online",
    state: view.state,
    offset: 0,
    announcements: view.announcements,
    texts: view.texts,
    audience,
    hostView: null,
    devices: null,
    rulesets: null,
    // What public/rulesets carries: every ruleset's manifest, as the hub publishes it.
    manifests: availableRulesets().flatMap((id) => {
      const manifest = rulesetById(id)?.manifest;
      return manifest ? [{ id, manifest }] : [];
    }),
    undoable: [],
    commands: [],
  };
}

/**
 * Shows `snap` in `lang` on a display or audience page that has no connection of its own:
 * the snapshot goes where the connection's would (the app's table context), and the
 * language through the language switch's own event. Resolves once the page has drawn it.
 */
export async function feed(page: Page, snap: TableSnapshot, lang: string): Promise<void> {
  await page.evaluate(putSnapshot, [snap, lang] as const);
  // Drawn, measured by the ring (a second frame), and every transition (a speaker's chip
  // growing) run to its end.
  // The document's list leaves out the shadow roots' animations (the chips' are there).
  await page.evaluate(async () => {
    for (let i = 0; i < 3; i++) await new Promise((r) => requestAnimationFrame(r));
    const roots: (Document | ShadowRoot)[] = [document];
    for (let i = 0; i < roots.length; i++)
      for (const el of (roots[i] as Document | ShadowRoot).querySelectorAll("*"))
        if (el.shadowRoot) roots.push(el.shadowRoot);
    const ending = roots
      .flatMap((root) => root.getAnimations())
      .filter((a) => Number(a.effect?.getComputedTiming().endTime) < 5000);
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * Runs in the page (self-contained: its source is sent there): hands `s` to the display or
 * audience app where its connection would (the table and, as table-app.ts does on every
 * snapshot, the game's manifest), and switches to `l` through the language switch's own
 * event. The app draws it on its next update.
 */
export function putSnapshot([s, l]: readonly [TableSnapshot, string]): void {
  type App = HTMLElement & {
    connection: unknown;
    tableProvider: { setValue(v: unknown): void };
    manifestProvider: { setValue(v: unknown): void };
    requestUpdate(): void;
  };
  const app = document.querySelector("mafia-display, mafia-audience") as App;
  if (document.documentElement.lang !== l)
    app.dispatchEvent(new CustomEvent("lang-change", { detail: { lang: l } }));
  app.connection = { snapshot: s, close() {} };
  app.tableProvider.setValue(s);
  const id = s.state?.ruleset;
  app.manifestProvider.setValue(s.manifests?.find((r) => r.id === id)?.manifest ?? null);
  app.requestUpdate();
}
