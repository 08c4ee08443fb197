/**
 * The appeal picture: for one vote round, each seat's thumb against the counting windows,
 * drawn from the sensor edges the hub journaled. A disputed provocation or a late vote is
 * settled by looking: the bar is the thumb being down, the shaded bands are the windows.
 * Each row names its seat (number and name, a long name cut to the label column with the
 * whole name as the row's tooltip); a seat already out when the round began is drawn grey
 * and struck through, its thumb hollow and dashed: it had no vote, whatever its paddle did.
 */
import { esc } from "./escape.js";
import { type RecordLang, translator } from "./i18n.js";
import type { GameRecord } from "./model.js";

const ROW = 22;
const LEFT = 170;
/** Characters of a name that fit the label column at 12 px (about 7 px a character). */
const NAME_CHARS = 18;
/** A generous character's width at 12 px, Latin or Cyrillic, for a label's room. */
const CHAR_PX = 7.5;
const WIDTH = 900;
const TOP = 46;

export function appealSvg(r: GameRecord, voteIndex: number, lang: RecordLang = "en"): string {
  const t = translator(lang);
  const round = r.votes[voteIndex];
  if (!round) throw new Error(`no vote ${voteIndex}: the game has ${r.votes.length}`);
  const first = round.windows[0]?.opened ?? 0;
  const last = round.windows.at(-1)?.closed ?? first;
  const from = first - 2000;
  const to = last + 1000;
  const span = Math.max(1, to - from);
  const x = (at: number) =>
    LEFT + ((Math.min(Math.max(at, from), to) - from) / span) * (WIDTH - LEFT - 10);
  const height = TOP + r.seats.length * ROW + 30;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" font-size="12">`,
    `<title>${esc(`${t("appeal")}: ${t(`kind.${round.kind}`)}, ${t("day")} ${round.round}`)}</title>`,
    `<rect width="${WIDTH}" height="${height}" fill="#fff"/>`,
    `<text x="8" y="18" font-size="14" font-weight="bold">${esc(`${t("appeal")}: ${t(`kind.${round.kind}`)}, ${t("day")} ${round.round}`)}</text>`,
  ];
  round.windows.forEach((w, i) => {
    const x0 = x(w.opened);
    const x1 = x(w.closed);
    out.push(
      `<rect class="window" x="${x0.toFixed(1)}" y="${TOP - 14}" width="${(x1 - x0).toFixed(1)}" height="${r.seats.length * ROW + 14}" fill="${i % 2 ? "#dbe8ff" : "#e9f1ff"}" stroke="#7a9cd6"/>`,
      `<text x="${(x0 + 3).toFixed(1)}" y="${TOP - 3}" fill="#234">${esc(w.nominee === null ? t(w.step === "stayvote" ? "stay" : "leave") : nomineeLabel(r, w.nominee, x1 - x0))}</text>`,
    );
  });
  r.seats.forEach((seat, i) => {
    const y = TOP + i * ROW + ROW / 2;
    const gone = r.eliminations.find((e) => e.seat === seat.seat && e.at < first);
    const label = `${seat.seat}. ${cut(seat.name, NAME_CHARS)}`;
    const whole = gone
      ? `${seat.seat}. ${seat.name} (${t(`out.${gone.how}`)})`
      : `${seat.seat}. ${seat.name}`;
    out.push(
      gone
        ? `<g class="seat dead" data-seat="${seat.seat}"><title>${esc(whole)}</title><rect x="4" y="${y - ROW / 2 + 1}" width="${WIDTH - 14}" height="${ROW - 2}" fill="#f2f2f2"/><text x="8" y="${y + 4}" fill="#888" text-decoration="line-through">${esc(label)}</text></g>`
        : `<g class="seat" data-seat="${seat.seat}"><title>${esc(whole)}</title><text x="8" y="${y + 4}">${esc(label)}</text></g>`,
      `<line x1="${LEFT}" y1="${y}" x2="${WIDTH - 10}" y2="${y}" stroke="#ccc"/>`,
    );
    const edges = r.thumbs.filter((e) => e.seat === seat.seat);
    let down = edges.findLast((e) => e.at < from)?.down === true ? from : null;
    const dead = gone !== undefined;
    for (const e of edges.filter((e) => e.at >= from && e.at <= to)) {
      const stroke = dead ? "#999" : e.down ? "#1a7f37" : "#9a6700";
      out.push(
        `<line class="edge${dead ? " dead" : ""}" data-seat="${seat.seat}" data-at="${e.at}" x1="${x(e.at).toFixed(1)}" y1="${y - 8}" x2="${x(e.at).toFixed(1)}" y2="${y + 8}" stroke="${stroke}"${dead ? ' stroke-dasharray="2 2"' : ""}/>`,
      );
      if (e.down && down === null) down = e.at;
      if (!e.down && down !== null) {
        out.push(bar(x(down), x(e.at), y, seat.seat, dead));
        down = null;
      }
    }
    if (down !== null) out.push(bar(x(down), x(to), y, seat.seat, dead));
  });
  for (const removal of r.removals.filter((m) => m.at >= from && m.at <= to)) {
    const row = r.seats.findIndex((s) => s.seat === removal.seat);
    const y = TOP + row * ROW + ROW / 2;
    const cx = x(removal.at);
    const cause = t(`cause.${removal.cause ?? "host"}`);
    // Right of the mark, or left of it where the word would run out of the picture (a
    // removal at the round's end: "провокация" was cut to "провокаци").
    const after = cx + 9 + [...cause].length * CHAR_PX <= WIDTH - 2;
    out.push(
      `<circle class="removal" cx="${cx.toFixed(1)}" cy="${y}" r="6" fill="none" stroke="#cf222e" stroke-width="2"/>`,
      `<text class="cause" x="${(after ? cx + 9 : cx - 9).toFixed(1)}" y="${y + 4}"${after ? "" : ' text-anchor="end"'} fill="#cf222e">${esc(cause)}</text>`,
    );
  }
  const axisY = TOP + r.seats.length * ROW + 16;
  for (let s = 0; s <= span / 1000; s++) {
    const at = from + s * 1000;
    out.push(
      `<text x="${x(at).toFixed(1)}" y="${axisY}" text-anchor="middle" fill="#555">${s}s</text>`,
    );
  }
  out.push("</svg>");
  return `${out.join("\n")}\n`;
}

/** A thumb down: solid green for a seat in play, a hollow dashed grey box for one out. */
function bar(x0: number, x1: number, y: number, seat: number, dead: boolean): string {
  const w = Math.max(1, x1 - x0).toFixed(1);
  return dead
    ? `<rect class="down dead" data-seat="${seat}" x="${x0.toFixed(1)}" y="${y - 5}" width="${w}" height="10" fill="none" stroke="#999" stroke-dasharray="3 2"/>`
    : `<rect class="down" data-seat="${seat}" x="${x0.toFixed(1)}" y="${y - 5}" width="${w}" height="10" fill="#2da44e"/>`;
}

/** At most `n` characters, an ellipsis where the name was longer. */
function cut(name: string, n: number): string {
  const chars = [...name];
  return chars.length <= n ? name : `${chars.slice(0, n - 1).join("")}…`;
}

/** A window's nominee: number and name, as much of the name as its band's width holds. */
function nomineeLabel(r: GameRecord, nominee: number, band: number): string {
  const name = r.seats.find((s) => s.seat === nominee)?.name ?? "";
  const room = Math.floor((band - 6) / 7) - String(nominee).length - 2;
  return room >= 3 && name ? `№${nominee} ${cut(name, room)}` : `№${nominee}`;
}
