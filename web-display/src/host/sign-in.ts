/** The host types the host password; `sign-in` goes up with it. */
import { css, html, nothing } from "lit";
import { hostUsername } from "../../../protocol/topics.js";
import { MafiaElement } from "../element.js";
import { theme } from "../styles.js";
import { hostTheme } from "./host-styles.js";

export class HostSignIn extends MafiaElement {
  static override properties = {
    table: { attribute: false },
    refused: { type: Boolean },
  };
  declare table: string;
  declare refused: boolean;

  constructor() {
    super();
    this.table = "t1";
    this.refused = false;
  }

  static override styles = [
    theme,
    hostTheme,
    css`
      :host {
        display: flex;
        justify-content: center;
        padding-top: 12vh;
      }
      form {
        display: flex;
        flex-direction: column;
        gap: 12px;
        width: 380px;
      }
      h1 {
        margin: 0;
        font-size: 28px;
      }
      .hint {
        color: var(--ink-dim);
        font-size: 14px;
      }
      .error {
        color: #ff8a80;
        font-weight: 700;
      }
    `,
  ];

  override render() {
    const t = this.tr.t;
    const user = hostUsername(this.table);
    return html`<section>
      <form @submit=${this.submit}>
        <h1>${t("host.title")} · ${t("ui.table", { table: this.table })}</h1>
        <label for="pw">${t("host.password")}</label>
        <input id="pw" name="password" type="password" autocomplete="current-password" required />
        <div class="hint">${t("host.passwordHint", { user })}</div>
        ${this.refused ? html`<div class="error" role="alert">${t("host.wrongPassword", { user })}</div>` : nothing}
        <button class="primary" type="submit">${t("host.signIn")}</button>
      </form>
    </section>`;
  }

  private submit(e: SubmitEvent): void {
    e.preventDefault();
    const password = String(new FormData(e.target as HTMLFormElement).get("password") ?? "");
    if (password) this.emit("sign-in", { password });
  }
}

customElements.define("host-sign-in", HostSignIn);
