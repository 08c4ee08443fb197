/**
 * The players' texts in the game record (forum): the wills as they came out at death (to
 * the table, or to the seats their authors chose), every paper with its ads, and the death
 * messages. An ad's author and a pseudonym's holder are left out (FORUM-NEWS-06) unless the
 * host asks for them explicitly (`authors`); then each ad names the seat that placed it.
 * Corrections that took back an ad or a handover name no seat either.
 */
import { authorIsSecret } from "../../protocol/index.js";
import type { TextState } from "../engine/rulesets/forum/text/index.js";
import { hideAuthor } from "../table/actions.js";
import { esc } from "./escape.js";
import type { Translate } from "./i18n.js";
import type { GameRecord, RecordTexts } from "./model.js";
import type { Trace } from "./replay.js";

export interface TextRecordOptions {
  /** Name each ad's author: only when the host asks (`--authors`, `?authors=1`). */
  authors?: boolean;
}

export function textsOfTrace(trace: Trace, o: TextRecordOptions): RecordTexts | null {
  const text = (trace.final.flow as { text?: TextState | null }).text;
  if (!text) return null;
  const wills: RecordTexts["wills"] = text.publishedWills.map((w) => ({ ...w, to: null }));
  const sent = new Map<string, { seat: number; text: string; to: number[] }>();
  for (const [to, inbox] of Object.entries(text.received)) {
    for (const r of inbox) {
      const key = `${r.from}\u0000${r.text}`;
      const will = sent.get(key) ?? { seat: r.from, text: r.text, to: [] };
      will.to.push(Number(to));
      sent.set(key, will);
    }
  }
  wills.push(...sent.values());
  // Papers print the ads in the order they were placed, so the k-th ad printed is the
  // k-th ad the engine accepted.
  const placed = trace.steps.flatMap((s) =>
    s.input.type === "seat" && s.input.action.kind === "ad" ? [s.input.seat] : [],
  );
  let k = 0;
  const papers = text.papers.map((p) => ({
    ...p,
    ads: p.ads.map((a) => {
      const author = placed[k++];
      return o.authors && author !== undefined ? { ...a, author } : { ...a };
    }),
  }));
  return {
    authors: o.authors === true,
    wills: wills.sort((a, b) => a.seat - b.seat),
    papers,
    messages: text.publishedMessages.map((m) => ({ ...m })),
  };
}

/** A correction's taken-back input, with no seat for an ad or a handover unless asked. */
export function undoneInput(
  undone: Record<string, unknown> | null,
  o: TextRecordOptions,
): Record<string, unknown> | null {
  if (o.authors || !undone) return undone;
  const action = undone.action as { kind?: unknown } | undefined;
  if (undone.type !== "seat" || !authorIsSecret(action?.kind)) return undone;
  return hideAuthor(undone as never) as Record<string, unknown>;
}

/** The sheet's section of texts; every text is escaped. */
export function textsHtml(r: GameRecord, t: Translate, name: (n: number) => string): string {
  const x = r.texts;
  if (!x) return "";
  const rows = (cells: string[][]) =>
    cells.map((c) => `<tr>${c.map((v) => `<td>${v}</td>`).join("")}</tr>`).join("");
  const table = (head: string[], cells: string[][]) =>
    cells.length === 0
      ? ""
      : `<table><tr>${head.map((h) => `<th>${esc(h)}</th>`).join("")}</tr>${rows(cells)}</table>`;
  const body = (s: string) => `<span class="text">${esc(s)}</span>`;
  const ads = x.papers.flatMap((p) =>
    p.ads.map((a) => [
      String(p.edition),
      esc(`${t(`text.${p.phase}`)} ${p.round}`),
      esc(a.pseudonym),
      body(a.text),
      ...(x.authors ? [a.author === undefined ? "" : name(a.author)] : []),
    ]),
  );
  return [
    `<h2>${esc(t("texts"))}</h2>`,
    table(
      [t("seat"), t("text.to"), t("text.will")],
      x.wills.map((w) => [
        name(w.seat),
        w.to === null ? esc(t("text.published")) : w.to.map(name).join(", "),
        body(w.text),
      ]),
    ),
    table(
      [
        t("text.edition"),
        t("text.when"),
        t("text.pseudonym"),
        t("text.ad"),
        ...(x.authors ? [t("text.author")] : []),
      ],
      ads,
    ),
    table(
      [t("text.night"), t("text.victim"), t("text.message")],
      x.messages.map((m) => [String(m.night), name(m.victim), body(m.text)]),
    ),
  ].join("");
}
