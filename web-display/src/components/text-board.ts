/**
 * The players' published texts (forum, `public/text`): the newest papers with their ads
 * under pseudonyms, the wills published at death and the death messages. Every text came
 * from a player's phone and is untrusted: it is bound as text (Lit escapes it), never as
 * markup, and white space is kept as written.
 */
import { css, html, nothing } from "lit";
import type { PublicText } from "../../../protocol/text.js";
import type { PublicSeat } from "../../../protocol/views.js";
import { MafiaElement } from "../element.js";
import { seatRef } from "../i18n/index.js";
import { theme } from "../styles.js";

/** How many editions a screen shows, newest first. */
const EDITIONS_SHOWN = 2;

export class TextBoard extends MafiaElement {
  static override properties = {
    texts: { attribute: false },
    seats: { attribute: false },
  };

  declare texts: PublicText | null;
  declare seats: readonly PublicSeat[];

  constructor() {
    super();
    this.texts = null;
    this.seats = [];
  }

  static override styles = [
    theme,
    css`
      :host {
        display: block;
      }
      h3 {
        margin: 0.8em 0 0.3em;
        font-size: 1em;
        color: var(--gold);
        text-transform: uppercase;
        letter-spacing: 0.08em;
      }
      .item {
        margin: 0.3em 0;
        white-space: pre-wrap;
        overflow-wrap: anywhere;
      }
      .who {
        font-weight: 700;
        margin-right: 0.4em;
      }
      .dim {
        color: var(--ink-dim);
      }
    `,
  ];

  /**
   * Where the board's box is smaller than its texts (a screen's column), what would show only
   * in part below its edge is left out whole: half a line is cut text. The newest come first.
   */
  override updated(): void {
    const parts = [...this.renderRoot.children].filter(
      (el): el is HTMLElement => el instanceof HTMLElement,
    );
    for (const el of parts) el.style.display = "";
    const bottom = this.getBoundingClientRect().bottom;
    let full = false;
    for (const el of parts) {
      full ||= el.getBoundingClientRect().bottom > bottom + 1;
      if (full) el.style.display = "none";
    }
  }

  override render() {
    const x = this.texts;
    if (!x || (x.papers.length === 0 && x.wills.length === 0 && x.messages.length === 0))
      return nothing;
    const t = this.tr.t;
    const name = (n: number) => seatRef(this.tr, this.seats, n);
    const papers = x.papers.slice(-EDITIONS_SHOWN).reverse();
    return html`${x.messages.length > 0 ? html`<h3>${t("text.messages")}</h3>` : nothing}
      ${x.messages.map(
        (m) => html`<div class="item message" data-victim=${m.victim}>
          <span class="who">${name(m.victim)}</span>${m.text}</div>`,
      )}
      ${x.wills.length > 0 ? html`<h3>${t("text.wills")}</h3>` : nothing}
      ${x.wills.map(
        (w) => html`<div class="item will" data-seat=${w.seat}>
          <span class="who">${name(w.seat)}</span>${w.text}</div>`,
      )}
      ${papers.map(
        (p) => html`<h3 data-edition=${p.edition}>${t("text.papers")}</h3>
          <div class="dim">${t("text.edition", {
            edition: p.edition,
            phase: t(`text.phase.${p.phase}`),
            round: p.round,
          })}</div>
          ${p.ads.length === 0 ? html`<div class="dim">${t("text.noAds")}</div>` : nothing}
          ${p.ads.map(
            (a) =>
              html`<div class="item ad"><span class="who">${a.pseudonym}</span>${a.text}</div>`,
          )}`,
      )}`;
  }
}

customElements.define("mafia-text-board", TextBoard);
