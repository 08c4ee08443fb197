/**
 * Tonight's choices of a ruleset whose night is not sport's (app, hunt, …), read from its
 * bookkeeping as it is: each field in words where the dictionary has a label for it
 * (`host.night.<field>`), seats by number and name. Only the host's secret panel shows it.
 */
import { html } from "lit";
import type { PublicSeat } from "../../../protocol/views.js";
import { seatList, seatRef, type Translator } from "../i18n/index.js";

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);
const isSeats = (v: unknown): v is number[] =>
  Array.isArray(v) && v.every((x) => typeof x === "number");

/** One value in words: a seat, seats, "a → b" pairs, or a seat's application. */
function valueText(tr: Translator, seats: readonly PublicSeat[], v: unknown): string | null {
  const ref = (n: number) => seatRef(tr, seats, n);
  if (v === null || v === undefined) return null;
  if (typeof v === "number") return ref(v);
  if (typeof v === "string" || typeof v === "boolean") return String(v);
  if (isSeats(v)) return v.length === 0 ? null : seatList(tr, seats, v);
  if (!isObject(v)) return null;
  if (typeof v.by === "number" && typeof v.target === "number")
    return `${ref(v.by)} → ${ref(v.target)}`;
  const pairs = Object.entries(v).flatMap(([from, to]) => {
    const seat = Number(from);
    if (!Number.isInteger(seat)) return [];
    if (typeof to === "number") return [`${ref(seat)} → ${ref(to)}`];
    if (isSeats(to)) return [`${ref(seat)} → ${seatList(tr, seats, to)}`];
    if (isObject(to) && typeof to.target === "number")
      return [
        `${ref(seat)} → ${ref(to.target)}${typeof to.claim === "string" ? ` (${to.claim})` : ""}`,
      ];
    return [];
  });
  return pairs.length === 0 ? null : pairs.join("; ");
}

export function nightChoices(
  tr: Translator,
  seats: readonly PublicSeat[],
  night: Record<string, unknown>,
) {
  const rows = Object.entries(night).flatMap(([field, v]) => {
    const text = valueText(tr, seats, v);
    return text === null ? [] : [{ field, text }];
  });
  if (rows.length === 0) return html`<li>${tr.t("host.night.nothing")}</li>`;
  return rows.map(
    (r) =>
      html`<li data-night=${r.field}>${tr.t(`host.night.${r.field}`, undefined, r.field)}: ${r.text}</li>`,
  );
}
