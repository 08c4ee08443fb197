/**
 * The human game sheet as one self-contained HTML page (en, de, ru), with a print
 * stylesheet so that a browser's print (or pdf.ts) gives a clean protocol on A4.
 * Every player-supplied text goes through esc().
 */

import { fillWord, type WordParams } from "../../protocol/words/index.js";
import { inputWords } from "../../protocol/words/undo.js";
import { appealSvg } from "./appeal.js";
import { esc, mmss } from "./escape.js";
import { type RecordLang, sayer, type Translate, translator } from "./i18n.js";
import type { GameRecord, VoteRound } from "./model.js";
import { textsHtml } from "./texts.js";
import { voiceHtml } from "./voice-html.js";

const STYLE = `
body { font: 14px/1.4 system-ui, sans-serif; margin: 2em; color: #111; }
h1 { font-size: 1.6em; margin: 0 0 .3em; }
h2 { font-size: 1.15em; margin: 1.4em 0 .4em; border-bottom: 2px solid #333; }
table { border-collapse: collapse; width: 100%; margin: .3em 0; }
th, td { border: 1px solid #999; padding: 2px 6px; text-align: left; vertical-align: top; }
/* A long name or word breaks inside its cell instead of pushing the table past the page's
   right edge, where the PDF cuts it (anywhere, unlike break-word, lets the table shrink). */
th, td { overflow-wrap: anywhere; }
th { background: #eee; }
.meta td:first-child { width: 10em; font-weight: bold; }
.mafia { background: #222; color: #fff; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
.muted { color: #666; }
.text { white-space: pre-wrap; overflow-wrap: anywhere; }
svg { max-width: 100%; height: auto; }
@media print {
  body { margin: 0; font-size: 10pt; }
  h2 { break-after: avoid; }
  table, svg, figure { break-inside: avoid; }
  th { background: #ddd; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .mafia { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  @page { size: A4; margin: 12mm; }
}
`;

export function sheetHtml(r: GameRecord, lang: RecordLang = "en"): string {
  const t = translator(lang);
  const name = (seat: number) => {
    const s = r.seats[seat - 1];
    return s ? `${seat}. ${esc(s.name)}` : String(seat);
  };
  const parts = [
    `<!doctype html>\n<html lang="${lang}"><head><meta charset="utf-8">`,
    `<title>${esc(`${t("title")}: ${r.table}`)}</title><style>${STYLE}</style></head><body>`,
    `<h1>${esc(t("title"))}</h1>`,
    meta(r, t),
    seatsTable(r, t),
    section(t("fouls"), [t("time"), t("seat"), t("cause"), "#"], r.fouls, (f) => [
      mmss(f.clock),
      name(f.seat),
      esc(t(`foul.${f.cause ?? "other"}`)),
      String(f.count),
    ]),
    section(
      t("nominations"),
      [t("time"), t("day"), t("seat"), t("nominatedBy")],
      r.nominations,
      (x) => [mmss(x.clock), String(x.round), name(x.seat), name(x.by)],
    ),
    r.votes.length
      ? `<h2>${esc(t("votes"))}</h2>${r.votes.map((v, i) => voteRound(r, v, i, t, name, lang)).join("")}`
      : "",
    section(t("shootouts"), [t("time"), t("day"), t("seats")], r.shootouts, (s) => [
      mmss(s.clock),
      String(s.round),
      s.seats.map(name).join(", "),
    ]),
    nights(r, t, name),
    section(t("lastWords"), [t("time"), t("round"), t("seat"), t("seconds")], r.lastWords, (w) => [
      mmss(w.from - (r.startedAt ?? r.setupAt)),
      String(w.round),
      name(w.seat),
      w.to === null ? "" : ((w.to - w.from) / 1000).toFixed(1),
    ]),
    r.bestMove
      ? `<h2>${esc(t("bestMove"))}</h2><p class="bestmove">${name(r.bestMove.seat)}: ${r.bestMove.guess.map(name).join(", ")}</p>`
      : "",
    section(t("removals"), [t("time"), t("seat"), t("cause"), t("reason")], r.removals, (m) => [
      mmss(m.clock),
      name(m.seat),
      esc(t(`cause.${m.cause ?? "host"}`)),
      esc(m.reason),
    ]),
    section(t("corrections"), [t("time"), "#", t("undoes"), t("reason")], r.corrections, (c) => [
      mmss(c.clock),
      String(c.n),
      `${c.undoes}: ${esc(undoneWords(c.undone, lang, r))}`,
      esc(c.reason),
    ]),
    section(t("void"), ["#", "code"], r.void, (v) => [String(v.n), esc(v.code)]),
    textsHtml(r, t, name),
    voiceHtml(r, t, name),
    "</body></html>\n",
  ];
  return parts.join("\n");
}

/** What a correction took back, in words (as the judge's console said it), not as keys. */
function undoneWords(
  undone: Record<string, unknown> | null,
  lang: RecordLang,
  r: GameRecord,
): string {
  const action = undone?.action;
  if (!undone || typeof action !== "object" || action === null) return "?";
  const seat = typeof undone.seat === "number" ? undone.seat : null;
  const input = { type: String(undone.type), seat, action: action as Record<string, unknown> };
  const ref = (n: number) => {
    const s = r.seats[n - 1];
    return s ? `${n}. ${s.name}` : String(n);
  };
  return inputWords(sayer(lang), ref, input);
}

function meta(r: GameRecord, t: Translate): string {
  const result = r.winner ? t(`winner.${r.winner}`) : r.aborted ? t("aborted") : t("running");
  const rows: [string, string][] = [
    [t("table"), esc(r.table)],
    [t("ruleset"), esc(r.ruleset)],
    [t("started"), r.startedAt === null ? "" : new Date(r.startedAt).toISOString()],
    [t("ended"), r.endedAt === null ? "" : new Date(r.endedAt).toISOString()],
    [t("result"), `<strong class="result">${esc(result)}</strong>`],
  ];
  return `<table class="meta">${rows.map(([k, v]) => `<tr><td>${esc(k)}</td><td>${v}</td></tr>`).join("")}</table>`;
}

function seatsTable(r: GameRecord, t: Translate): string {
  const points = new Map((r.points ?? []).map((p) => [p.seat, p.total]));
  const head = [
    t("seat"),
    t("name"),
    t("role"),
    t("out"),
    t("fouls"),
    ...(r.points ? [t("points")] : []),
  ];
  const rows = r.seats.map((s) => {
    const out = s.out ? `${t(`out.${s.out}`)} (${t("round")} ${s.outRound ?? "?"})` : "";
    const cells = [
      String(s.seat),
      esc(s.name),
      esc(s.role ? t(`role.${r.ruleset}.${s.role}`) : ""),
      esc(out),
      String(s.fouls),
      ...(r.points ? [String(points.get(s.seat) ?? 0)] : []),
    ];
    return `<tr data-seat="${s.seat}"${s.team === "mafia" ? ' class="mafia"' : ""}>${cells.map((c) => `<td>${c}</td>`).join("")}</tr>`;
  });
  return `<h2>${esc(t("seats"))}</h2><table class="seats"><tr>${head.map((h) => `<th>${esc(h)}</th>`).join("")}</tr>${rows.join("")}</table>`;
}

function section<T>(title: string, head: string[], items: T[], row: (item: T) => string[]): string {
  if (items.length === 0) return "";
  const body = items
    .map(
      (i) =>
        `<tr>${row(i)
          .map((c) => `<td>${c}</td>`)
          .join("")}</tr>`,
    )
    .join("");
  return `<h2>${esc(title)}</h2><table><tr>${head.map((h) => `<th>${esc(h)}</th>`).join("")}</tr>${body}</table>`;
}

function voteRound(
  r: GameRecord,
  v: VoteRound,
  index: number,
  t: Translate,
  name: (n: number) => string,
  lang: RecordLang,
): string {
  const choice = (c: number | string) => (typeof c === "number" ? name(c) : esc(t(c)));
  const rows = v.windows.map((w) => {
    const voters = w.voters
      .map(
        (x) =>
          `${name(x.seat)}${typeof x.choice === "string" || w.nominee === null ? ` → ${choice(x.choice)}` : ""} <span class="muted">${x.defaulted ? esc(t("byDefault")) : mmss(x.clock)}</span>`,
      )
      .join("<br>");
    const label =
      w.nominee === null
        ? esc(
            t(w.step === "stayvote" ? "stay" : w.step === "leavevote" ? "leave" : `kind.${v.kind}`),
          )
        : name(w.nominee);
    return `<tr><td>${mmss(w.openedClock)}–${mmss(w.closedClock)}</td><td>${label}</td><td class="num">${w.count ?? ""}</td><td>${voters}</td></tr>`;
  });
  const outcome = v.outcome ? outcomeLine(t, v.outcome, v, name) : "";
  const thumbs = v.windows.some((w) => w.voters.some((x) => x.at !== null && v.kind !== "secret"));
  return [
    `<h3 class="vote" data-index="${index}">${esc(`${t(`kind.${v.kind}`)}, ${t("day")} ${v.round}`)}</h3>`,
    `<table><tr><th>${esc(t("window"))}</th><th>${esc(t("seat"))}</th><th>${esc(t("count"))}</th><th>${esc(t("voters"))}</th></tr>${rows.join("")}</table>`,
    `<p class="outcome">${outcome}</p>`,
    thumbs ? `<figure>${appealSvg(r, index, lang)}</figure>` : "",
  ].join("");
}

/**
 * The announcement that closed a vote, in the table's own words (protocol/words
 * `log.<key>`), its seats named as on the rest of the sheet.
 */
function outcomeLine(t: Translate, key: string, v: VoteRound, name: (n: number) => string): string {
  const [a, b] = v.outcomeSeats;
  const params: WordParams = { seats: v.outcomeSeats.map(name).join(", ") };
  for (const [k, value] of Object.entries(v.outcomeParams))
    params[k] = value === null ? null : esc(String(value));
  if (a !== undefined) params.seat = params.a = name(a);
  if (b !== undefined) params.b = name(b);
  return fillWord(esc(t(`log.${key}`)), params);
}

/** A night action in words (protocol/words `action.<id>`), the id itself where none is known. */
function actionWord(t: Translate, action: string): string {
  const key = `action.${action}`;
  const word = t(key);
  return word === key ? action : word;
}

function nights(r: GameRecord, t: Translate, name: (n: number) => string): string {
  if (r.nights.length === 0) return "";
  const body = r.nights.map((n) => {
    const actions = n.actions.map(
      (a) =>
        `${name(a.seat)}: ${esc(actionWord(t, a.action))} → ${a.targets.map(name).join(", ")}${a.option ? ` (${esc(a.option)})` : ""}`,
    );
    const checks = n.checks.map((c) => `${name(c.seat)} → ${name(c.target)}: ${esc(t(c.result))}`);
    const killed = n.killed.length ? n.killed.map(name).join(", ") : esc(t("nobody"));
    return `<tr><td>${n.round}</td><td>${actions.join("<br>")}</td><td>${checks.join("<br>")}</td><td>${killed}</td></tr>`;
  });
  return `<h2>${esc(t("nights"))}</h2><table><tr><th>${esc(t("night"))}</th><th>${esc(t("shots"))}</th><th>${esc(t("checks"))}</th><th>${esc(t("killed"))}</th></tr>${body.join("")}</table>`;
}
