/**
 * The host console at `/host/`: signs in as `host/{table}` with the typed host password
 * (kept for this browser tab only), then shows the controls, the step as it runs (speaker,
 * countdown, the vote live), the seats with their sensors, fouls and the foul and remove
 * buttons, the setup form, the secret host view, every command's reply, and at the end the
 * game's record.
 */
import "../no-eval.js";
import { css, html, nothing } from "lit";
import { type CommandBody, manifestOf, type TableSnapshot } from "../connection.js";
import { stepTitle } from "../i18n/index.js";
import { theme } from "../styles.js";
import { TableApp } from "../table-app.js";
import "../components/lang-switch.js";
import "./forum-panel.js";
import "./controls.js";
import "./live-step.js";
import "./record-panel.js";
import "./vote-panel.js";
import "./voice-panel.js";
import "./pairing-panel.js";
import "./replies.js";
import "./seat-table.js";
import "./secret-panel.js";
import "./setup-form.js";
import "./sign-in.js";
import "./undo-picker.js";

const passwordKey = (table: string) => `mafia.host.${table}.password`;

export class HostApp extends TableApp {
  private refused = false;
  /** The typed host password: the record's HTTP route wants it too (as a Bearer token). */
  private password: string | null = null;

  constructor() {
    super();
    this.addEventListener("sign-in", (e) => {
      this.signIn((e as CustomEvent<{ password: string }>).detail.password);
    });
    this.addEventListener("host-command", (e) => {
      this.connection?.send((e as CustomEvent<CommandBody>).detail);
    });
    const saved = sessionStorage.getItem(passwordKey(this.table));
    if (saved) this.signIn(saved);
  }

  static override styles = [
    theme,
    css`
      :host {
        display: block;
        min-height: 100vh;
        background: #10131a;
        padding: 16px 20px 40px;
      }
      header {
        display: flex;
        align-items: center;
        gap: 16px;
        margin-bottom: 14px;
        --lang-size: 14px;
      }
      h1 {
        margin: 0;
        font-size: 22px;
        color: var(--gold);
      }
      .title {
        flex: 1;
        font-size: 20px;
        font-weight: 700;
      }
      .status {
        font-size: 14px;
        padding: 3px 10px;
        border-radius: 12px;
        background: #2a303c;
      }
      .status.online {
        background: #174a2e;
        color: #9ff0bf;
      }
      .status.lost {
        background: var(--red-soft);
      }
      button.out {
        font: inherit;
        font-size: 14px;
        color: var(--ink);
        background: #232a36;
        border: 1px solid var(--panel-edge);
        border-radius: 6px;
        padding: 4px 10px;
        cursor: pointer;
      }
      .grid {
        display: grid;
        grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
        gap: 16px;
        margin-top: 14px;
        align-items: start;
      }
      .wide {
        grid-column: 1 / -1;
      }
    `,
  ];

  private signIn(password: string): void {
    this.refused = false;
    this.password = password;
    sessionStorage.setItem(passwordKey(this.table), password);
    this.open("host", password, (snap: TableSnapshot) => this.changed(snap));
  }

  private changed(snap: TableSnapshot): void {
    if (snap.status === "refused" && !this.refused) {
      this.refused = true;
      sessionStorage.removeItem(passwordKey(this.table));
    }
    this.tableProvider.setValue(snap);
  }

  private signOut(): void {
    this.close();
    this.password = null;
    sessionStorage.removeItem(passwordKey(this.table));
    this.tableProvider.setValue(null);
    this.requestUpdate();
  }

  override render() {
    const tr = this.i18nProvider.value;
    const snap = this.connection?.snapshot ?? null;
    const header = (extra: unknown) => html`<header>
      <h1>${tr.t("host.title")}</h1>
      <span class="title">${extra}</span>
      ${
        snap && snap.status !== "refused"
          ? html`<span class="status ${snap.status}" data-status=${snap.status}>
        ${snap.status === "online" ? tr.t("ui.online") : snap.status === "lost" ? tr.t("ui.lost") : tr.t("ui.connecting")}</span>`
          : nothing
      }
      <mafia-lang-switch></mafia-lang-switch>
      ${snap && snap.status !== "refused" ? html`<button class="out" @click=${this.signOut}>${tr.t("host.signOut")}</button>` : nothing}
    </header>`;
    if (!snap || snap.status === "refused") {
      return html`${header("")}<host-sign-in .table=${this.table} ?refused=${snap?.status === "refused"}></host-sign-in>`;
    }
    const s = snap.state;
    if (!s) return header(tr.t(snap.status === "lost" ? "ui.lostHint" : "ui.noState"));
    const canSetup = s.phase === "setup" || s.phase === "ended";
    return html`${header(html`<span data-step=${s.step}>${stepTitle(tr, s)}</span>`)}
      <host-controls></host-controls>
      <div class="grid">
        <host-live></host-live>
        <host-vote-panel></host-vote-panel>
        <host-voice></host-voice>
        <host-record-panel class="wide" .password=${this.password}></host-record-panel>
        <host-seats class="wide"></host-seats>
        ${manifestOf(snap)?.capabilities.warnings ? html`<host-forum class="wide"></host-forum>` : nothing}
        ${canSetup ? html`<host-setup class="wide"></host-setup>` : nothing}
        <host-secrets></host-secrets>
        <host-undo-picker></host-undo-picker>
        <host-replies></host-replies>
        <host-pairing class="wide" .connection=${this.connection}></host-pairing>
      </div>`;
  }
}

customElements.define("mafia-host", HostApp);
