/**
 * Beside the oval in a forum game: what has been published (`public/text`): the latest
 * paper's ads under their pseudonyms (FORUM-NEWS-01, never an author), the wills published
 * at their authors' deaths (FORUM-WILL-02) and the boss's death messages (FORUM-KILL-03);
 * the inactivity warnings (FORUM-INACT-01) and the clock. Players' texts are untrusted:
 * they go into the page as text nodes only (Lit escapes every binding), never as markup.
 */
import { css, html, nothing } from "lit";
import { TableElement } from "../element.js";
import { forumClockLine, forumWarnings, warningsToDisqualify } from "../forum.js";
import { seatRef } from "../i18n/index.js";
import { theme } from "../styles.js";

/** How many of each kind fit beside the oval; the newest first. */
const SHOWN = { wills: 2, messages: 1 };

export class ForumNews extends TableElement {
  static override styles = [
    theme,
    css`
      :host {
        display: flex;
        flex-direction: column;
        gap: 1.6vh;
        overflow: hidden;
      }
      h2 {
        margin: 0 0 0.6vh;
        font-size: 2.1vh;
        text-transform: uppercase;
        letter-spacing: 0.14em;
        color: var(--ink-dim);
        font-weight: 700;
      }
      ol {
        list-style: none;
        margin: 0;
        padding: 0;
        display: flex;
        flex-direction: column;
        gap: 0.8vh;
      }
      li {
        font-size: 2.2vh;
        line-height: 1.3;
        border-left: 0.5vh solid var(--panel-edge);
        padding-left: 1.1vh;
        /* Players' line breaks stay; long words wrap instead of widening the panel. */
        white-space: pre-wrap;
        overflow-wrap: anywhere;
        max-height: 14vh;
        overflow: hidden;
      }
      .by {
        font-weight: 800;
        color: var(--gold);
      }
      .dim {
        font-size: 1.9vh;
        color: var(--ink-faint);
      }
      .warn b {
        color: var(--amber);
      }
    `,
  ];

  /** Its box changes with its neighbours' texts (the display's column): fit again then. */
  private readonly sizes = new ResizeObserver(() => this.updated());

  override connectedCallback(): void {
    super.connectedCallback();
    this.sizes.observe(this);
  }

  override disconnectedCallback(): void {
    this.sizes.disconnect();
    super.disconnectedCallback();
  }

  /** What would show only in part below the column's edge is left out whole (newest first). */
  override updated(): void {
    const items = [...this.renderRoot.querySelectorAll<HTMLElement>("h2, li, .warn div")];
    for (const li of items) li.style.display = "";
    const bottom = this.getBoundingClientRect().bottom;
    for (const li of items)
      if (li.getBoundingClientRect().bottom > bottom + 1) li.style.display = "none";
  }

  override render() {
    const snap = this.snapshot;
    const s = snap?.state;
    if (!snap || !s) return nothing;
    const t = this.tr.t;
    const text = snap.texts;
    const paper = text?.papers.at(-1);
    const wills = (text?.wills ?? []).slice(-SHOWN.wills).reverse();
    const messages = (text?.messages ?? []).slice(-SHOWN.messages).reverse();
    const warnings = [...forumWarnings(s)].filter(([, n]) => n > 0);
    const max = warningsToDisqualify(s);
    const who = (n: number) => seatRef(this.tr, s.seats, n);
    return html`${
      paper
        ? html`<section data-paper=${paper.edition}>
            <h2>${t("text.papers")} · ${t("text.edition", { edition: paper.edition, phase: t(`text.phase.${paper.phase}`), round: paper.round })}</h2>
            ${
              paper.ads.length === 0
                ? html`<div class="dim">${t("text.noAds")}</div>`
                : html`<ol>
                    ${paper.ads.map((ad) => html`<li data-ad><span class="by">${ad.pseudonym}:</span> ${ad.text}</li>`)}
                  </ol>`
            }
          </section>`
        : nothing
    }
      ${
        messages.length > 0
          ? html`<section>
              <h2>${t("text.messages")}</h2>
              <ol>${messages.map((m) => html`<li data-message=${m.victim}>${m.text}</li>`)}</ol>
            </section>`
          : nothing
      }
      ${
        wills.length > 0
          ? html`<section>
              <h2>${t("text.wills")}</h2>
              <ol>${wills.map((w) => html`<li data-will=${w.seat}><span class="by">${who(w.seat)}:</span> ${w.text}</li>`)}</ol>
            </section>`
          : nothing
      }
      ${
        warnings.length > 0
          ? html`<section class="warn" data-warnings=${warnings.map(([n, k]) => `${n}:${k}`).join(",")}>
              <h2>${t("forum.warnings")}</h2>
              <div>${warnings.map(([n, k], i) => html`${i > 0 ? " · " : ""}${who(n)} <b>${t("forum.warningCount", { n: k, max })}</b>`)}</div>
            </section>`
          : nothing
      }
      <div class="dim" data-clock>${forumClockLine(this.tr, s)}</div>`;
  }
}

customElements.define("mafia-forum-news", ForumNews);
