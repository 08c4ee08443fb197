/**
 * Topic and username builders/parsers for the table wire protocol v1.
 *
 * This file is imported by the paddle firmware, which is bundled for Espruino: keep it to
 * the subset ESPRUINO.md lists as working (no destructuring, spread, default parameters,
 * Map/Set, or functions used before their declaration).
 */

export const PROTOCOL_PREFIX = "mafia/v1";
export const MAX_SEATS = 20;
export const DEFAULT_TABLE = "t1";

const TABLE_RE = /^[a-z0-9-]{1,32}$/;

export function isTableId(table: string): boolean {
  return TABLE_RE.test(table);
}

export function isSeatNumber(seat: number, seatCount?: number): boolean {
  const max = seatCount === undefined ? MAX_SEATS : seatCount;
  return Math.floor(seat) === seat && seat >= 1 && seat <= max;
}

export function tableRoot(table: string): string {
  return `${PROTOCOL_PREFIX}/${table}`;
}

export function seatInputTopic(table: string, seat: number): string {
  return `${tableRoot(table)}/seat/${seat}/input`;
}

export function seatViewTopic(table: string, seat: number): string {
  return `${tableRoot(table)}/seat/${seat}/view`;
}

export function seatSignalTopic(table: string, seat: number): string {
  return `${tableRoot(table)}/seat/${seat}/signal`;
}

/** Rulesets with text (forum): the seat's own texts, retained; its phone reads it, a paddle need not. */
export function seatTextTopic(table: string, seat: number): string {
  return `${tableRoot(table)}/seat/${seat}/text`;
}

/** Rulesets with text (forum): the papers, wills and death messages published so far, retained. */
export function publicTextTopic(table: string): string {
  return `${tableRoot(table)}/public/text`;
}

/** Retained, public: every ruleset's manifest, for screens without host rights (protocol/rulesets.ts). */
export function publicRulesetsTopic(table: string): string {
  return `${tableRoot(table)}/public/rulesets`;
}

export function publicStateTopic(table: string): string {
  return `${tableRoot(table)}/public/state`;
}

/**
 * Retained, public: where the game is (phase, step, round, speaker, counting, winner:
 * protocol/glance.ts), for paddles, which cannot afford to parse `public/state`.
 */
export function publicGlanceTopic(table: string): string {
  return `${tableRoot(table)}/public/glance`;
}

export function publicLogTopic(table: string): string {
  return `${tableRoot(table)}/public/log`;
}

/** The filter every identity of a table may subscribe to. */
export function publicFilter(table: string): string {
  return `${tableRoot(table)}/public/#`;
}

export function hostCommandTopic(table: string): string {
  return `${tableRoot(table)}/host/command`;
}

export function hostReplyTopic(table: string): string {
  return `${tableRoot(table)}/host/reply`;
}

export function hostViewTopic(table: string): string {
  return `${tableRoot(table)}/host/view`;
}

/** Retained, host only: which seats are connected, and on what (hub/mqtt/devices.ts). */
export function hostDevicesTopic(table: string): string {
  return `${tableRoot(table)}/host/devices`;
}

/** Retained, host only: the rulesets this hub can run and their options (protocol/rulesets.ts). */
export function hostRulesetsTopic(table: string): string {
  return `${tableRoot(table)}/host/rulesets`;
}

/** Retained, host only: the inputs an undo may take back now (protocol/undoable.ts). */
export function hostUndoableTopic(table: string): string {
  return `${tableRoot(table)}/host/undoable`;
}

export function hostFilter(table: string): string {
  return `${tableRoot(table)}/host/#`;
}

/** Retained, audience only: what the hall or a stream may know (roles where the rules allow). */
export function audienceStateTopic(table: string): string {
  return `${tableRoot(table)}/audience/state`;
}

export function audienceFilter(table: string): string {
  return `${tableRoot(table)}/audience/#`;
}

export type TopicKind =
  | "seat.input"
  | "seat.view"
  | "seat.signal"
  | "seat.text"
  | "public.state"
  | "public.glance"
  | "public.text"
  | "public.log"
  | "public.rulesets"
  | "host.command"
  | "host.reply"
  | "host.view"
  | "host.devices"
  | "host.rulesets"
  | "host.undoable"
  | "audience.state";

export interface ParsedTopic {
  table: string;
  kind: TopicKind;
  /** Seat number for seat topics, else null. */
  seat: number | null;
}

const SEAT_RE = /^([1-9][0-9]?)$/;

/** Parses a concrete topic (no wildcards). Returns null for anything not in the protocol. */
export function parseTopic(topic: string): ParsedTopic | null {
  const parts = topic.split("/");
  if (parts.length < 5 || parts[0] !== "mafia" || parts[1] !== "v1") return null;
  const table = parts[2] as string;
  if (!isTableId(table)) return null;
  const area = parts[3];
  if (area === "seat") {
    if (parts.length !== 6) return null;
    const m = SEAT_RE.exec(parts[4] as string);
    if (!m) return null;
    const seat = Number(m[1]);
    if (!isSeatNumber(seat)) return null;
    const leaf = parts[5];
    if (leaf === "input") return { table: table, kind: "seat.input", seat: seat };
    if (leaf === "view") return { table: table, kind: "seat.view", seat: seat };
    if (leaf === "signal") return { table: table, kind: "seat.signal", seat: seat };
    if (leaf === "text") return { table: table, kind: "seat.text", seat: seat };
    return null;
  }
  if (parts.length !== 5) return null;
  const leaf = parts[4];
  if (area === "audience") {
    return leaf === "state" ? { table: table, kind: "audience.state", seat: null } : null;
  }
  if (area === "public") {
    if (leaf === "state") return { table: table, kind: "public.state", seat: null };
    if (leaf === "glance") return { table: table, kind: "public.glance", seat: null };
    if (leaf === "log") return { table: table, kind: "public.log", seat: null };
    if (leaf === "text") return { table: table, kind: "public.text", seat: null };
    if (leaf === "rulesets") return { table: table, kind: "public.rulesets", seat: null };
    return null;
  }
  if (area === "host") {
    if (leaf === "command") return { table: table, kind: "host.command", seat: null };
    if (leaf === "reply") return { table: table, kind: "host.reply", seat: null };
    if (leaf === "view") return { table: table, kind: "host.view", seat: null };
    if (leaf === "devices") return { table: table, kind: "host.devices", seat: null };
    if (leaf === "rulesets") return { table: table, kind: "host.rulesets", seat: null };
    if (leaf === "undoable") return { table: table, kind: "host.undoable", seat: null };
  }
  return null;
}

export type Identity =
  | { role: "seat"; table: string; seat: number }
  | { role: "display"; table: string; seat: null }
  | { role: "host"; table: string; seat: null }
  | { role: "audience"; table: string; seat: null };

export function seatUsername(table: string, seat: number): string {
  return `seat/${table}/${seat}`;
}

export function displayUsername(table: string): string {
  return `display/${table}`;
}

export function hostUsername(table: string): string {
  return `host/${table}`;
}

export function audienceUsername(table: string): string {
  return `audience/${table}`;
}

/** Parses an MQTT username of PROTOCOL.md's identity table. */
export function parseUsername(username: string): Identity | null {
  const parts = username.split("/");
  const table = parts[1];
  if (table === undefined || !isTableId(table)) return null;
  if (parts[0] === "seat" && parts.length === 3) {
    const m = SEAT_RE.exec(parts[2] as string);
    if (!m) return null;
    const seat = Number(m[1]);
    if (!isSeatNumber(seat)) return null;
    return { role: "seat", table: table, seat: seat };
  }
  if (parts.length !== 2) return null;
  if (parts[0] === "display") return { role: "display", table: table, seat: null };
  if (parts[0] === "host") return { role: "host", table: table, seat: null };
  if (parts[0] === "audience") return { role: "audience", table: table, seat: null };
  return null;
}
