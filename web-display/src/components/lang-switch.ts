/** EN · DE · RU: asks the page's root to switch language (event `lang-change`). */
import { css, html } from "lit";
import { LANGS, type Lang } from "../../../protocol/host.js";
import type { LangChangeDetail } from "../context.js";
import { MafiaElement } from "../element.js";
import { theme } from "../styles.js";

export class LangSwitch extends MafiaElement {
  static override styles = [
    theme,
    css`
      :host {
        display: inline-flex;
        gap: 0.6vh;
      }
      button {
        font: inherit;
        font-size: var(--lang-size, 1.8vh);
        font-weight: 700;
        color: var(--ink-dim);
        background: transparent;
        border: 0.2vh solid var(--panel-edge);
        border-radius: 0.6vh;
        padding: 0.3vh 0.9vh;
        cursor: pointer;
      }
      button[aria-pressed="true"] {
        color: #111;
        background: var(--gold);
        border-color: var(--gold);
      }
    `,
  ];

  override render() {
    return html`${LANGS.map(
      (lang) =>
        html`<button
          type="button"
          lang=${lang}
          data-lang=${lang}
          title=${this.tr.t(`lang.${lang}`)}
          aria-pressed=${this.tr.lang === lang ? "true" : "false"}
          @click=${() => this.pick(lang)}
        >
          ${lang.toUpperCase()}
        </button>`,
    )}`;
  }

  private pick(lang: Lang): void {
    this.emit<LangChangeDetail>("lang-change", { lang });
  }
}

customElements.define("mafia-lang-switch", LangSwitch);
