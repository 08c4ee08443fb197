/**
 * The audience screen at `/audience/` (a third screen, for the hall or a stream): connects
 * as `audience/{table}` and reads `audience/state` only, which in sport carries every role
 * and the night's choices once each step is over (SPORT-SETUP-05), held back by the hub's
 * `--audience-delay`. The key comes like the display's, in the link's fragment (the host
 * console's "Audience screen" link); it is kept in localStorage and leaves the address bar.
 *
 * `?overlay=1`: a transparent page for OBS or other streaming software, with the seats
 * in a strip along the bottom and the step and the night in a corner box.
 */
import "../no-eval.js";
import { html, nothing } from "lit";
import { stepSeconds } from "../clock.js";
import type { LinkProblem } from "../components/link-status.js";
import { pairedKey } from "../config.js";
import type { TableSnapshot } from "../connection.js";
import { nightLine, phaseTitle, stepTitle } from "../i18n/index.js";
import { screenFrame } from "../screen-frame.js";
import { theme } from "../styles.js";
import { TableApp } from "../table-app.js";
import { audienceStyles } from "./audience-styles.js";
import "../components/countdown-ring.js";
import "../components/lang-switch.js";
import "../components/link-status.js";
import "../components/seat-ring.js";
import "../components/side-panel.js";
import "../components/stage.js";
import "./night-choices.js";
import "./seat-strip.js";

// Overlay mode paints no page background. Set here, not by an inline script in the page:
// the hub's policy runs no inline script (hub/web/web-security.ts).
if (new URLSearchParams(location.search).get("overlay") === "1")
  document.documentElement.classList.add("overlay");

const keyName = (table: string) => `mafia.audience.${table}.key`;

export class AudienceApp extends TableApp {
  private readonly overlay = new URLSearchParams(location.search).get("overlay") === "1";

  constructor() {
    super();
    this.addEventListener("pair", (e) => {
      const key = (e as CustomEvent<{ key: string }>).detail.key;
      localStorage.setItem(keyName(this.table), key);
      this.connect(key);
    });
    if (this.overlay) this.setAttribute("overlay", "");
    const key = pairedKey(keyName(this.table));
    if (key) this.connect(key);
  }

  static override styles = [theme, screenFrame, audienceStyles];

  private connect(key: string): void {
    this.open("audience", key, (snap) => this.tableProvider.setValue(snap));
  }

  private problem(snap: TableSnapshot | null): LinkProblem | null {
    if (!snap) return "unpaired";
    if (snap.status !== "online") return snap.status;
    return snap.state ? null : "nostate";
  }

  override render() {
    const snap = this.connection?.snapshot ?? null;
    const problem = this.problem(snap);
    const state = snap?.state;
    if (problem || !snap || !state) {
      // An overlay stays empty while there is nothing live to show: no box over the stream.
      if (this.overlay && problem !== "unpaired" && problem !== "refused") return nothing;
      return html`<mafia-link-status .problem=${problem ?? "nostate"} words="audience"></mafia-link-status>`;
    }
    const roles = snap.audience?.roles ?? null;
    return this.overlay ? this.overlayView(snap, roles) : this.fullView(snap, roles);
  }

  private fullView(snap: TableSnapshot, roles: Record<string, string> | null) {
    const tr = this.i18nProvider.value;
    const s = snap.state as NonNullable<TableSnapshot["state"]>;
    const night = s.phase === "night";
    return html`<header>
        <span class="brand">${tr.t("ui.brand")} · ${tr.t("audience.title")}</span>
        <span class="title" data-phase=${s.phase} data-step=${s.step}>${stepTitle(tr, s)}</span>
        ${s.paused ? html`<span class="paused">${tr.t("ui.paused")}</span>` : nothing}
        <mafia-lang-switch></mafia-lang-switch>
      </header>
      <div class="oval">
        <mafia-seat-ring .state=${s} .roles=${roles} ?night=${night}>
          ${night ? this.nightCenter(snap) : html`<mafia-stage></mafia-stage>`}
        </mafia-seat-ring>
      </div>
      <aside>
        ${
          // At the end every seat's role takes the column (the nights are in the record).
          s.phase === "ended"
            ? nothing
            : snap.audience
              ? html`<mafia-night-choices></mafia-night-choices>`
              : html`<p class="none" data-extra="none">${tr.t("audience.noExtra")}</p>`
        }
        <mafia-side-panel .limit=${4}></mafia-side-panel>
      </aside>`;
  }

  private nightCenter(snap: TableSnapshot) {
    const tr = this.i18nProvider.value;
    const s = snap.state as NonNullable<TableSnapshot["state"]>;
    return html`<div class="night">
      <div class="night-title" data-title="night">${phaseTitle(tr, s)}</div>
      <div class="night-line">${nightLine(tr, s)}</div>
      <mafia-countdown .until=${s.until} .offset=${snap.offset} .total=${stepSeconds(s, this.manifest)}
        ?paused=${s.paused}></mafia-countdown>
    </div>`;
  }

  private overlayView(snap: TableSnapshot, roles: Record<string, string> | null) {
    const tr = this.i18nProvider.value;
    const s = snap.state as NonNullable<TableSnapshot["state"]>;
    return html`<div class="box">
        <div class="title" data-phase=${s.phase} data-step=${s.step}>${stepTitle(tr, s)}</div>
        ${
          s.phase === "ended"
            ? html`<div class="winner" data-winner=${s.winner ?? "none"}>
                ${s.winner ? tr.t(`winner.${s.winner}`) : tr.t("ui.aborted")}
              </div>`
            : nothing
        }
        ${snap.audience ? html`<mafia-night-choices .limit=${4}></mafia-night-choices>` : nothing}
      </div>
      <mafia-seat-strip class="strip" .state=${s} .roles=${roles}></mafia-seat-strip>`;
  }
}

customElements.define("mafia-audience", AudienceApp);
