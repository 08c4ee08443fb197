/** The end: who won (or that the host ended the game); the roles are on the seats around. */
import { css, html, nothing } from "lit";
import { TableElement } from "../element.js";
import { theme } from "../styles.js";

export class WinnerBanner extends TableElement {
  static override styles = [
    theme,
    css`
      :host {
        display: block;
        text-align: center;
      }
      .over {
        font-size: 2.8vh;
        text-transform: uppercase;
        letter-spacing: 0.14em;
        color: var(--ink-dim);
      }
      .winner {
        font-size: 5.5vh;
        font-weight: 900;
        line-height: 1.05;
        margin: 1vh 0;
      }
      .winner.none {
        font-size: 6vh;
      }
      .winner.town {
        color: #ff6b5e;
      }
      .winner.mafia {
        color: #f5f1e6;
        text-shadow: 0 0 2vh #000;
      }
    `,
  ];

  override render() {
    const s = this.snapshot?.state;
    if (!s) return nothing;
    const t = this.tr.t;
    return html`<div class="over">${t("title.ended")}</div>
      ${
        s.winner
          ? html`<div class="winner ${s.winner}" data-winner=${s.winner}>
              ${t(`winner.${s.winner}`)}
            </div>`
          : html`<div class="winner none" data-winner="none">${t("ui.aborted")}</div>`
      }`;
  }
}

customElements.define("mafia-winner", WinnerBanner);
