/**
 * What the public topics may carry, judged against the host view of the same moment (the
 * host view holds the whole state, and its `public` is the public state of that moment).
 * Checks one game's streams as a display and a host console received them:
 *  - every public state is the public part of some host view (so each has its moment);
 *  - before the end: no roles, no opened deal, no seat's role unless the rules showed it,
 *    no role id or private result key anywhere in the message;
 *  - the public state does not depend on the secrets: recomputed from that moment's state
 *    with the roles rotated among the hidden seats and every night choice and private
 *    result erased, it is the same (at the end only the night choices are erased);
 *  - a night choice (a shot, a check, a decoy or a pass) changes nothing public, and what
 *    is announced during a night is only what the rules announce there;
 *  - every public/log entry is an announcement of some public state;
 *  - at the end the deal is opened, matches its commitment and the roles played.
 */
import { type GameState, publicView, verifyDeal } from "../../hub/engine/index.js";
import type { LogEntry, PublicState } from "../../protocol/index.js";
import { oracleRules } from "./oracle-rules.js";

export type HostView = Omit<GameState, "rng"> & { public: PublicState };

export interface Scan {
  violations: string[];
  /** Host view transitions where a night choice happened (each proven silent). */
  nightChoices: number;
  /** Public states seen with a role shown by the rules before the end. */
  shownRoles: number;
}

/** The public state without its clock, as a comparable string. */
function key(p: PublicState): string {
  const { now: _now, ...rest } = p as PublicState & { pad?: string };
  delete (rest as { pad?: string }).pad;
  return JSON.stringify(rest);
}

/** The secrets a night choice changes: the ruleset's night bookkeeping, answers, results. */
function nightSecrets(h: HostView): string {
  const flow = h.flow as { night?: unknown };
  return JSON.stringify([flow.night ?? null, h.quiet, h.seats.map((s) => s.results)]);
}

/** Every string in a message (keys too), except the public step name and shown roles. */
function strings(value: unknown, path: string, out: [string, string][]): void {
  if (typeof value === "string") out.push([path, value]);
  else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) strings(v, `${path}[${i}]`, out);
  } else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (path === "" && k === "step") continue; // "mafia", "don", "sheriff": step names
      if (/^seats\[\d+\]$/.test(path) && k === "role") continue; // judged seat by seat
      if (/^announcements\[\d+\]\.params$/.test(path) && k === "role") continue; // below
      if (path === "extras.composition") continue; // counts per role are public
      out.push([`${path}.${k}(key)`, k]);
      strings(v, path === "" ? k : `${path}.${k}`, out);
    }
  }
}

/** The state of the moment with what the public may not depend on erased or shuffled. */
function scrubbed(h: HostView, ended: boolean): GameState {
  const { public: _public, ...rest } = structuredClone(h);
  const state = { ...rest, rng: [0, 0, 0, 0] } as GameState;
  const flow = state.flow as { night?: unknown; record?: unknown };
  if (flow.night) flow.night = oracleRules(state.ruleset).emptyNight();
  if (flow.record) flow.record = null; // hunt: the last night's drawn application
  state.quiet = { stir: 0, answered: [] };
  for (const s of state.seats) s.results = [];
  if (!ended) {
    const hidden = state.seats.filter((s) => s.shownRole === null);
    const roles = hidden.map((s) => [s.role, s.team] as const);
    hidden.forEach((s, i) => {
      const [role, team] = roles[(i + 1) % roles.length] as (typeof roles)[number];
      s.role = role;
      s.team = team;
    });
  }
  return state;
}

function checkPublic(p: PublicState, h: HostView, where: string, v: string[]): boolean {
  const ended = p.phase === "ended";
  const rules = oracleRules(h.ruleset);
  let shown = false;
  if (!ended) {
    if (p.roles !== null) v.push(`${where}: roles ${JSON.stringify(p.roles)} before the end`);
    if (p.winner !== null) v.push(`${where}: a winner before the end`);
    if (p.deal && (p.deal.salt !== null || p.deal.roles !== null))
      v.push(`${where}: the deal opened before the end`);
    p.seats.forEach((s, i) => {
      const real = h.seats[i];
      if (s.role === null) return;
      if (!real || !rules.mayShow(h, real, s.role))
        v.push(`${where}: seat ${s.seat} shows role ${s.role}`);
      shown = true;
    });
    // A status in an announcement is what its seat shows (judged above), nothing more.
    for (const e of p.announcements) {
      const role = e.params.role;
      if (role === undefined || role === null) continue;
      const seat = p.seats.find((s) => s.seat === e.seats[0]);
      if (seat?.role !== role) v.push(`${where}: "${e.key}" tells role ${role}`);
    }
  }
  const found: [string, string][] = [];
  strings(p, "", found);
  for (const [path, text] of found) {
    if (rules.resultKeys.includes(text)) v.push(`${where}: a private result "${text}" at ${path}`);
    else if (!ended && rules.roleIds.includes(text))
      v.push(`${where}: role id "${text}" at ${path}`);
  }
  const again = publicView(scrubbed(h, ended), p.now);
  if (key(again) !== key(p)) v.push(`${where}: the public state depends on a secret`);
  if (ended) {
    const deal = p.deal;
    const played = h.seats.map((s) => s.role);
    if (!deal?.salt || !deal.roles || !verifyDeal(deal.commitment, deal.salt, deal.roles))
      v.push(`${where}: the deal is not opened, or does not match its commitment`);
    else if (JSON.stringify(deal.roles) !== JSON.stringify(played))
      v.push(`${where}: the opened deal is not the roles played`);
  }
  return shown;
}

export function scanGame(hosts: HostView[], publics: PublicState[], logs: LogEntry[]): Scan {
  const v: string[] = [];
  let nightChoices = 0;
  let shownRoles = 0;
  const moments = new Map<string, HostView[]>();
  for (const h of hosts) {
    const k = key(h.public);
    moments.set(k, [...(moments.get(k) ?? []), h]);
  }
  const commitments = new Set(publics.flatMap((p) => (p.deal ? [p.deal.commitment] : [])));
  if (commitments.size > 1) v.push(`the commitment changed during the game: ${[...commitments]}`);
  publics.forEach((p, i) => {
    const same = moments.get(key(p));
    if (!same) {
      v.push(`public state #${i} (${p.phase}/${p.step}) matches no host view`);
      return;
    }
    for (const h of same)
      if (checkPublic(p, h, `public #${i} ${p.phase}/${p.step}`, v)) shownRoles++;
  });
  for (let i = 1; i < hosts.length; i++) {
    const a = hosts[i - 1] as HostView;
    const b = hosts[i] as HostView;
    // Inputs inside a night (the ones that begin or end it are the day's and the host's).
    if (a.phase !== "night" || b.phase !== "night") continue;
    const lastSeq = a.announcements.at(-1)?.seq ?? 0;
    for (const e of b.announcements) {
      if (e.seq > lastSeq && !oracleRules(b.ruleset).nightAnnouncements.includes(e.key))
        v.push(`host view #${i}: "${e.key}" announced at night`);
    }
    const sameStep = a.phase === b.phase && a.step === b.step && a.round === b.round;
    if (sameStep && nightSecrets(a) !== nightSecrets(b)) {
      nightChoices += 1;
      if (key(a.public) !== key(b.public))
        v.push(`host view #${i}: a night choice changed the public state (${b.step})`);
    }
  }
  const announced = new Map(publics.flatMap((p) => p.announcements.map((e) => [e.seq, e])));
  for (const e of logs) {
    const same = announced.get(e.seq);
    if (!same || JSON.stringify(same) !== JSON.stringify(e))
      v.push(`public/log #${e.seq} "${e.key}" is not an announcement of any public state`);
  }
  return { violations: v, nightChoices, shownRoles };
}
