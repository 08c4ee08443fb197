/**
 * The hand-written permission matrix of test/helpers/acl-matrix.ts is written for seat 3
 * of table t1 (with seat 4 and table t2 as "another"). The protocol treats every seat and
 * table alike, so the matrix of any identity is that one with the names swapped: seat 3
 * with seat n, t1 with the identity's table. This turns the one oracle into one per
 * identity without writing a second.
 */
import { usernamesFor } from "../../hub/process/secrets.js";
import { type Identity, parseUsername } from "../../protocol/index.js";
import { EXPECTED, TOPICS, WILDCARDS } from "../helpers/acl-matrix.js";

export const TABLES = ["t1", "t2"] as const;

/** Every identity that has a password on a hub with tables t1 and t2. */
export const IDENTITIES: { username: string; id: Identity }[] = TABLES.flatMap((t) =>
  usernamesFor(t).map((username) => ({ username, id: parseUsername(username) as Identity })),
);

function swap<T>(a: T, b: T): (x: T) => T {
  return (x) => (x === a ? b : x === b ? a : x);
}

/** Applies the renaming to one topic or filter (wildcard levels stay as they are). */
function rename(topic: string, seat: (s: string) => string, table: (t: string) => string): string {
  const levels = topic.split("/");
  if (levels[0] !== "mafia" || levels[1] !== "v1" || levels.length < 3) return topic;
  levels[2] = table(levels[2] as string);
  if (levels[3] === "seat" && levels[4] !== undefined) levels[4] = seat(levels[4]);
  return levels.join("/");
}

export interface Matrix {
  /** Every topic and filter tried. */
  tried: string[];
  topics: string[];
  publish: string[];
  subscribe: string[];
}

export function matrixFor(id: Identity): Matrix {
  const seat = id.role === "seat" ? swap("3", String(id.seat)) : (s: string) => s;
  const table = swap<string>("t1", id.table);
  const r = (list: readonly string[]) => list.map((t) => rename(t, seat, table));
  const expected = EXPECTED[id.role];
  const topics = r(TOPICS);
  return {
    tried: [...topics, ...r(WILDCARDS)],
    topics,
    publish: r(expected.publish),
    subscribe: r(expected.subscribe),
  };
}
