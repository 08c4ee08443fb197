/**
 * The public table display at `/`: connects only as `display/{table}` (public topics only),
 * and provides the table's snapshot and the language to everything below it.
 */
import "./no-eval.js";
import { css, html } from "lit";
import { displayKey, forgetDisplayKey, storeDisplayKey } from "./config.js";
import type { TableSnapshot } from "./connection.js";
import { stepTitle } from "./i18n/index.js";
import { screenFrame } from "./screen-frame.js";
import { theme } from "./styles.js";
import { TableApp } from "./table-app.js";
import "./components/lang-switch.js";
import "./components/link-status.js";
import "./components/night-screen.js";
import "./components/seat-ring.js";
import "./components/side-panel.js";
import "./components/text-board.js";
import "./components/stage.js";
import type { LinkProblem } from "./components/link-status.js";

export class DisplayApp extends TableApp {
  constructor() {
    super();
    this.addEventListener("pair", (e) => this.pair((e as CustomEvent<{ key: string }>).detail.key));
    const key = displayKey(this.table);
    if (key) this.connect(key);
  }

  static override styles = [
    theme,
    screenFrame,
    css`
      .title {
        flex: 1;
        font-size: 5.4vh;
        font-weight: 800;
        white-space: nowrap;
        overflow: hidden;
        text-overflow: ellipsis;
      }
      .table-id {
        font-size: 2vh;
        color: var(--ink-faint);
      }
      /* By day the published texts (forum) share the column, below the panel, never past it. */
      aside {
        display: flex;
        flex-direction: column;
        overflow: hidden;
      }
      aside mafia-side-panel {
        flex: 1 1 0;
        min-height: 0;
      }
      aside mafia-text-board {
        flex: 0 0 auto;
        max-height: 45%;
        overflow: hidden;
        font-size: 2.2vh;
      }
      .night-texts {
        position: absolute;
        right: 3vh;
        bottom: 3vh;
        width: 32vw;
        max-height: 80vh;
        overflow: hidden;
        font-size: 2.2vh;
      }
    `,
  ];

  private connect(key: string): void {
    this.open("display", key, (snap) => this.tableProvider.setValue(snap));
  }

  private pair(key: string): void {
    forgetDisplayKey(this.table);
    storeDisplayKey(this.table, key);
    this.connect(key);
  }

  private problem(snap: TableSnapshot | null): LinkProblem | null {
    if (!snap) return "unpaired";
    if (snap.status !== "online") return snap.status;
    return snap.state ? null : "nostate";
  }

  override render() {
    const snap = this.connection?.snapshot ?? null;
    const tr = this.i18nProvider.value;
    const problem = this.problem(snap);
    const state = snap?.state;
    if (problem || !state) {
      return html`<mafia-link-status .problem=${problem ?? "nostate"}></mafia-link-status>
        <header><span class="brand">${tr.t("ui.brand")}</span><span class="title"></span>
          <mafia-lang-switch></mafia-lang-switch></header>`;
    }
    if (state.phase === "night") {
      const texts = snap?.texts;
      const aside = !!texts && texts.papers.length + texts.wills.length + texts.messages.length > 0;
      return html`<mafia-night data-phase="night" ?aside=${aside}></mafia-night>
        <mafia-text-board class="night-texts" .texts=${snap?.texts ?? null} .seats=${state.seats}></mafia-text-board>
        <header style="background:transparent;border:0">
          <span class="title"></span><mafia-lang-switch></mafia-lang-switch>
        </header>`;
    }
    return html`<header>
        <span class="brand">${tr.t("ui.brand")}</span>
        <span class="title" data-phase=${state.phase} data-step=${state.step}>${stepTitle(tr, state)}</span>
        ${state.paused ? html`<span class="paused">${tr.t("ui.paused")}</span>` : ""}
        <span class="table-id">${tr.t("ui.table", { table: state.table })}</span>
        <mafia-lang-switch></mafia-lang-switch>
      </header>
      <div class="oval">
        <mafia-seat-ring .state=${state}><mafia-stage></mafia-stage></mafia-seat-ring>
      </div>
      <aside><mafia-side-panel></mafia-side-panel>
        ${
          // At the end every seat's role takes the column; the texts stay in the record.
          state.phase === "ended" && state.roles
            ? ""
            : html`<mafia-text-board .texts=${snap?.texts ?? null} .seats=${state.seats}></mafia-text-board>`
        }</aside>`;
  }
}

customElements.define("mafia-display", DisplayApp);
