/**
 * The permission table of PROTOCOL.md as pure functions. Subscriptions are judged by
 * filter containment: a filter is allowed only if every topic it can match is matched by
 * one of the identity's allowed filters, so `+` and `#` can never reach further than the
 * table allows (other seats, other tables, host topics).
 */
import {
  audienceFilter,
  hostCommandTopic,
  hostFilter,
  type Identity,
  publicFilter,
  seatInputTopic,
  seatSignalTopic,
  seatTextTopic,
  seatViewTopic,
} from "../../protocol/index.js";

export function publishTopics(id: Identity): string[] {
  if (id.role === "seat") return [seatInputTopic(id.table, id.seat)];
  if (id.role === "host") return [hostCommandTopic(id.table)];
  return [];
}

export function subscribeFilters(id: Identity): string[] {
  if (id.role === "seat") {
    return [
      seatViewTopic(id.table, id.seat),
      seatSignalTopic(id.table, id.seat),
      seatTextTopic(id.table, id.seat),
      publicFilter(id.table),
    ];
  }
  if (id.role === "host") return [hostFilter(id.table), publicFilter(id.table)];
  if (id.role === "audience") return [audienceFilter(id.table), publicFilter(id.table)];
  return [publicFilter(id.table)];
}

export function mayPublish(id: Identity, topic: string): boolean {
  return publishTopics(id).includes(topic);
}

/**
 * The deepest filter anyone may subscribe to; deeper is refused with QoS 128 like any other
 * filter not allowed (issue 28), the connection kept. No topic of the protocol is that deep.
 */
export const MAX_FILTER_LEVELS = 16;

export function maySubscribe(id: Identity, filter: string): boolean {
  if (filter.split("/").length > MAX_FILTER_LEVELS) return false;
  if (!isValidFilter(filter)) return false;
  return subscribeFilters(id).some((allowed) => filterCovers(allowed, filter));
}

/** Whether a message on `topic` may be delivered to this identity (authorizeForward). */
export function mayReceive(id: Identity, topic: string): boolean {
  return subscribeFilters(id).some((allowed) => topicMatches(allowed, topic));
}

/** MQTT 3.1.1 §4.7: `#` only last and alone in its level, `+` alone in its level. */
export function isValidFilter(filter: string): boolean {
  if (filter.length === 0) return false;
  const levels = filter.split("/");
  return levels.every((level, i) => {
    if (level.includes("#")) return level === "#" && i === levels.length - 1;
    if (level.includes("+")) return level === "+";
    return true;
  });
}

/** Whether a concrete topic matches a filter (MQTT 3.1.1 §4.7, `$` topics included). */
export function topicMatches(filter: string, topic: string): boolean {
  const f = filter.split("/");
  const t = topic.split("/");
  if (topic.startsWith("$") && (f[0] === "+" || f[0] === "#")) return false;
  for (let i = 0; i < f.length; i++) {
    const level = f[i];
    if (level === "#") return true; // also matches the parent level itself
    if (i >= t.length) return false;
    if (level !== "+" && level !== t[i]) return false;
  }
  return f.length === t.length;
}

/** Whether every topic that `inner` matches is also matched by `outer`. */
export function filterCovers(outer: string, inner: string): boolean {
  const o = outer.split("/");
  const n = inner.split("/");
  for (let i = 0; i < o.length; i++) {
    const level = o[i];
    if (level === "#") return true;
    const other = n[i];
    if (other === undefined) return false;
    if (other === "#") return false; // inner reaches deeper levels than outer allows
    if (level === "+") continue;
    if (other === "+" || other !== level) return false;
  }
  return o.length === n.length;
}
