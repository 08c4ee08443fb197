/**
 * What the optional small screen shows (4 lines of 21 ASCII characters: a 128x32 OLED
 * with the 6x8 font): who the seat is, where the game is, the question and the cursor,
 * and the last thing that happened. Plain text, so the simulator can print it too.
 */
import type { TableGlance } from "../../protocol/glance.js";
import type { PrivateResult, SeatView } from "../../protocol/views.js";
import type { Menu, MenuItem } from "./menu.js";

export const DISPLAY_COLUMNS = 21;

function clip(s: string): string {
  return s.length > DISPLAY_COLUMNS ? s.substring(0, DISPLAY_COLUMNS) : s;
}

function label(menu: Menu, item: MenuItem): string {
  if (item.kind === "target") return String(item.seat);
  if (item.kind === "action") {
    const offer = menu.offers[item.index];
    return offer ? offer.action : "?";
  }
  if (item.kind === "option") return item.id;
  return item.kind;
}

export function resultText(r: PrivateResult): string {
  return `N${r.night} ${r.key} ${r.seats.join(",")}`;
}

export function renderScreen(
  seat: number,
  view: SeatView | null,
  glance: TableGlance | null,
  menu: Menu,
  status: string,
): string[] {
  const who = view
    ? `S${seat} ${view.role || "-"}${view.alive ? "" : " OUT"}${view.blindfold ? " [B]" : ""}`
    : `S${seat} no view`;
  let where = "";
  if (glance) {
    where = `${glance.phase} ${glance.step} r${glance.round}`;
    if (glance.speaker !== null) where += ` spk${glance.speaker}`;
    if (glance.counting !== null) where += ` #${glance.counting}`;
    if (glance.winner) where = `end: ${glance.winner}`;
  }
  let ask = "";
  const item = menu.current;
  if (item) {
    let head = menu.prompt ? menu.prompt.action : menu.offers.length > 1 ? "do" : "speech";
    if (menu.choosingOption) head += ` ${menu.chosen.join(",")}`;
    const armed = menu.armed === menu.cursor ? " ok?" : "";
    ask = `${head}: >${label(menu, item)}<${armed} ${menu.cursor + 1}/${menu.items.length}`;
  }
  return [clip(who), clip(where), clip(ask), clip(status)];
}
