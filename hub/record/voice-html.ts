/**
 * Who spoke when, on the sheet (issue 26): each day speech's timeline (speech.ts draws it,
 * beside the appeal pictures of the votes) and the candidates with the judge's decision.
 * Nothing here for a game that heard no voice.
 */
import { esc, mmss } from "./escape.js";
import type { Translate } from "./i18n.js";
import type { GameRecord } from "./model.js";
import { speechSvg } from "./speech.js";

export function voiceHtml(r: GameRecord, t: Translate, name: (n: number) => string): string {
  const voice = r.voice;
  if (!voice) return "";
  const start = r.startedAt ?? r.setupAt;
  // The speaking step's own word (protocol/words `step.<id>`), as the screens name it.
  const step = (s: string) => t(`step.${s}`);
  const speeches = voice.speeches.map(
    (sp) =>
      `<figure class="speech" data-round="${sp.round}" data-speaker="${sp.speaker}"><figcaption>${esc(`${t("day")} ${sp.round}, ${mmss(sp.from - start)}: ${step(sp.step)}`)} ${name(sp.speaker)}</figcaption>${speechSvg(sp, r.seats)}</figure>`,
  );
  const rows = voice.candidates.map((c) => {
    const what = `${esc(t(`voice.kind.${c.kind}`))}${c.during === null ? "" : ` ${name(c.during)}`}`;
    return `<tr class="candidate" data-status="${c.status}"><td>${mmss(c.from - start)}</td><td>${c.round}</td><td>${name(c.seat)}</td><td>${what}</td><td class="num">${((c.to - c.from) / 1000).toFixed(1)}</td><td>${esc(t(`voice.status.${c.status}`))}</td></tr>`;
  });
  const head = [
    t("time"),
    t("round"),
    t("seat"),
    t("voice.what"),
    t("seconds"),
    t("voice.decision"),
  ];
  const table = rows.length
    ? `<h3>${esc(t("voice.candidates"))}</h3><table class="voice-candidates"><tr>${head.map((h) => `<th>${esc(h)}</th>`).join("")}</tr>${rows.join("")}</table>`
    : "";
  return `<h2>${esc(t("voice.title"))}</h2>${table}${speeches.join("")}`;
}
