/**
 * The forum's inactivity warnings in the host's seat table (FORUM-INACT): how many a seat
 * has (public: `extras.warnings`), and the host's `warn` button. Three disqualify; the hub
 * says so on public/log, so the cell only counts.
 */
import { html } from "lit";
import type { Translator } from "../i18n/index.js";

/** Seat → warnings, from the forum's public extras (absent elsewhere). */
export function warningsOf(extras: Record<string, unknown>): Record<string, number> {
  const w = extras.warnings;
  return w && typeof w === "object" ? (w as Record<string, number>) : {};
}

export function warnCell(tr: Translator, warnings: number, can: boolean, warn: () => void) {
  return html`<td class="warnings" data-warnings=${warnings}>
    <span class="n">${warnings}</span>
    <button type="button" data-action="warn" ?disabled=${!can} @click=${warn}>${tr.t("host.warn")}</button>
  </td>`;
}
