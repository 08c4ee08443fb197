/**
 * Whatever is not a live table: connecting, connection lost, a refused or missing key.
 * Shown instead of the game, never over stale data. The key form sends `pair` up.
 */
import { css, html, nothing } from "lit";
import type { LinkStatus } from "../connection.js";
import { MafiaElement } from "../element.js";
import { theme } from "../styles.js";

export type LinkProblem = LinkStatus | "unpaired" | "nostate";

export class LinkStatusScreen extends MafiaElement {
  static override properties = {
    problem: { attribute: false },
    words: { attribute: false },
  };
  declare problem: LinkProblem;
  /** Whose key: the display's (`ui`) or the audience screen's (`audience`) wording. */
  declare words: "ui" | "audience";

  constructor() {
    super();
    this.words = "ui";
  }

  static override styles = [
    theme,
    css`
      :host {
        position: fixed;
        inset: 0;
        display: flex;
        flex-direction: column;
        align-items: center;
        justify-content: center;
        gap: 2vh;
        background: var(--bg);
        text-align: center;
        padding: 6vh;
      }
      h1 {
        font-size: 7vh;
        margin: 0;
      }
      h1.lost {
        color: var(--red);
      }
      p {
        font-size: 3vh;
        color: var(--ink-dim);
        max-width: 70vw;
        margin: 0;
      }
      form {
        display: flex;
        gap: 1.5vh;
      }
      input,
      button {
        font: inherit;
        font-size: 3vh;
        padding: 1vh 2vh;
        border-radius: 1vh;
        border: 0.3vh solid var(--panel-edge);
        background: var(--panel);
        color: var(--ink);
      }
      button {
        background: var(--gold);
        color: #111;
        font-weight: 800;
      }
      .dot {
        width: 3vh;
        height: 3vh;
        border-radius: 50%;
        background: var(--amber);
        animation: pulse 1.2s infinite ease-in-out;
      }
      @keyframes pulse {
        50% {
          opacity: 0.2;
        }
      }
    `,
  ];

  override render() {
    const t = this.tr.t;
    switch (this.problem) {
      case "lost":
        return html`<div class="dot"></div>
          <h1 class="lost" data-link="lost">${t("ui.lost")}</h1>
          <p>${t("ui.lostHint")}</p>`;
      case "refused":
        return html`<h1 data-link="refused">${t(`${this.words}.refused`)}</h1>
          <p>${t(`${this.words}.pairHint`)}</p>
          ${this.form()}`;
      case "unpaired":
        return html`<h1 data-link="unpaired">${t(`${this.words}.unpaired`)}</h1>
          <p>${t(`${this.words}.pairHint`)}</p>
          ${this.form()}`;
      case "nostate":
        return html`<div class="dot"></div>
          <h1 data-link="nostate">${t("ui.noState")}</h1>`;
      case "connecting":
        return html`<div class="dot"></div>
          <h1 data-link="connecting">${t("ui.connecting")}</h1>`;
      default:
        return nothing;
    }
  }

  private form() {
    const t = this.tr.t;
    return html`<form @submit=${this.submit}>
      <input name="key" type="password" autocomplete="off" aria-label=${t(`${this.words}.keyLabel`)}
        placeholder=${t(`${this.words}.keyLabel`)} />
      <button type="submit">${t("ui.pair")}</button>
    </form>`;
  }

  private submit(e: SubmitEvent): void {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const key = String(new FormData(form).get("key") ?? "").trim();
    if (key) this.emit("pair", { key });
  }
}

customElements.define("mafia-link-status", LinkStatusScreen);
