/**
 * Two cells of the console's seat table: the sensors as they are now with the time of their
 * last edge, each marked "by sensor" or "by eye" (SPORT-SENSE-01/02: the hub acts only on a
 * sensor the seat has; a phone's blindfold switch is the player's word, for the host to
 * judge), and the fouls as a number with every cause and time in full, warned at 3 (the
 * next speech is lost, SPORT-FOUL-12) and 4 (removal, SPORT-FOUL-14).
 */
import { html, nothing } from "lit";
import { type Sensor, seatSenses } from "../../../protocol/inputs.js";
import type { FoulMark, HostSeat } from "../host-view.js";
import type { Translator } from "../i18n/index.js";
import { clockTime } from "./when.js";

export function sensorCells(tr: Translator, seat: HostSeat | undefined) {
  const thumb = seat?.thumbDown ?? null;
  const blindfold = seat?.blindfoldOn ?? null;
  const at = (ms: number | null | undefined) =>
    ms === null || ms === undefined
      ? nothing
      : html`<div class="at">${clockTime(ms, tr.lang)}</div>`;
  const watch = (sensor: Sensor) => {
    const by = !seat || seatSenses(seat, sensor) ? "sensor" : "eye";
    return html`<div class="watch ${by}" data-watch=${by}>${tr.t(`host.watch.${by}`)}</div>`;
  };
  return html`<td class="sensor" data-thumb=${String(thumb)} data-thumb-at=${seat?.thumbAt ?? ""}>
      <span class=${thumb ? "down" : ""}>${thumb === null ? "–" : thumb ? tr.t("host.thumbDown") : tr.t("host.thumbUp")}</span>
      ${at(seat?.thumbAt)}${watch("thumb")}</td>
    <td class="sensor" data-blindfold=${String(blindfold)} data-blindfold-at=${seat?.blindfoldAt ?? ""}>
      <span>${blindfold === null ? "–" : blindfold ? tr.t("host.blindfoldOn") : tr.t("host.blindfoldOff")}</span>
      ${at(seat?.blindfoldAt)}${watch("blindfold")}</td>`;
}

export function foulCell(tr: Translator, fouls: number, marks: readonly FoulMark[]) {
  const warning = fouls >= 4 ? tr.t("host.fouls4") : fouls === 3 ? tr.t("host.fouls3") : null;
  return html`<td class="fouls" data-fouls=${fouls}>
    <span class="n">${fouls}</span>
    ${warning ? html`<span class="warn ${fouls >= 4 ? "out" : ""}" data-warn=${fouls >= 4 ? 4 : 3}>${warning}</span>` : nothing}
    ${
      marks.length > 0
        ? html`<ol class="causes">${marks.map(
            (
              m,
            ) => html`<li data-cause=${m.cause}><span class="at">${clockTime(m.at, tr.lang)}</span>
              ${tr.t(`foul.${m.cause}`, undefined, m.cause)}</li>`,
          )}</ol>`
        : nothing
    }
  </td>`;
}
