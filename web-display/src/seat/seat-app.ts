/**
 * The phone companion at `/seat/?table=T&seat=N#k=PASSWORD`: the link of the seat's QR code
 * on the host console. The password comes in the fragment, which no browser sends to a
 * server, is kept in localStorage for this table and seat and leaves the address bar at
 * once. The phone then runs the paddle's firmware as that seat (seat-session.ts), and shows
 * it in words in the seat's language (the view's `lang`, until the player picks another).
 */
import "../no-eval.js";
import { css, html, nothing } from "lit";
import type { Lang } from "../../../protocol/host.js";
import { isSeatNumber } from "../../../protocol/topics.js";
import { mqttUrl, pairedKey } from "../config.js";
import type { LangChangeDetail } from "../context.js";
import { seatRef, stepTitle } from "../i18n/index.js";
import { theme } from "../styles.js";
import { TableApp } from "../table-app.js";
import "../components/lang-switch.js";
import "./seat-controls.js";
import "./seat-screen.js";
import "./text-panel.js";
import "./voice-consent.js";
import type { RevealDetail } from "./seat-controls.js";
import { SeatSession } from "./seat-session.js";

export class SeatApp extends TableApp {
  private readonly session: SeatSession | null;
  private tick = 0;
  private revealed = false;
  /** The player (or the address) chose a language: the seat's own no longer applies. */
  private langChosen = new URL(location.href).searchParams.has("lang");

  constructor() {
    super();
    const seat = Number(new URL(location.href).searchParams.get("seat"));
    const key = isSeatNumber(seat) ? pairedKey(`mafia.seat.${this.table}.${seat}.key`) : null;
    this.session = key
      ? new SeatSession({ table: this.table, seat, password: key }, mqttUrl(), () => this.changed())
      : null;
    this.addEventListener("reveal", (e) => {
      this.revealed = (e as CustomEvent<RevealDetail>).detail.revealed;
      this.requestUpdate();
    });
    this.addEventListener("lang-change", () => {
      this.langChosen = true;
    });
    // A new code scanned into this open page changes only the fragment: start over with it.
    window.addEventListener("hashchange", () => location.reload());
    // A phone put away while revealed goes dark.
    document.addEventListener("visibilitychange", () => {
      if (document.hidden && this.revealed) {
        this.revealed = false;
        this.requestUpdate();
      }
    });
  }

  static override styles = [
    theme,
    css`
      :host {
        display: flex;
        flex-direction: column;
        min-height: 100vh;
        min-height: 100dvh;
        background: var(--bg);
      }
      :host([data-phase="night"]) {
        background: var(--night);
      }
      header {
        display: flex;
        align-items: center;
        gap: 10px;
        padding: 10px 14px;
        border-bottom: 1px solid var(--panel-edge);
        --lang-size: 13px;
      }
      .who {
        flex: 1;
        font-size: 20px;
        font-weight: 800;
      }
      .phase {
        padding: 8px 16px 0;
        color: var(--ink-dim);
        font-size: 15px;
      }
      seat-screen {
        flex: 1;
      }
      .notice {
        padding: 30px 20px;
        text-align: center;
      }
      .notice h1 {
        font-size: 22px;
      }
      .notice p {
        color: var(--ink-dim);
      }
    `,
  ];

  override connectedCallback(): void {
    super.connectedCallback();
    this.session?.start();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.session?.stop();
  }

  private changed(): void {
    this.tick += 1;
    const lang = this.session?.paddle.view?.lang;
    if (lang && !this.langChosen && lang !== this.i18nProvider.value.lang) {
      this.dispatchEvent(
        new CustomEvent<LangChangeDetail>("lang-change", { detail: { lang: lang as Lang } }),
      );
      this.langChosen = false; // the seat's own language, not the player's choice
    }
    this.requestUpdate();
  }

  override updated(): void {
    const s = this.session;
    const phase = s?.paddle.glance?.phase;
    if (phase) this.setAttribute("data-phase", phase);
    else this.removeAttribute("data-phase");
  }

  private notice(title: string, hint: string, link: string) {
    return html`<header><span class="who"></span><mafia-lang-switch></mafia-lang-switch></header>
      <div class="notice" data-link=${link}><h1>${title}</h1><p>${hint}</p></div>`;
  }

  override render() {
    const tr = this.i18nProvider.value;
    const t = tr.t;
    const s = this.session;
    if (!s) return this.notice(t("phone.unpaired"), t("phone.unpairedHint"), "unpaired");
    const up = s.paddle.linkState === "up";
    if (s.refused && !up) return this.notice(t("phone.refused"), t("phone.refusedHint"), "refused");
    const seat = s.pairing.seat;
    const state = up ? s.state : null;
    const who = state ? seatRef(tr, state.seats, seat) : t("phone.seat", { n: seat });
    const link = up ? "up" : s.paddle.linkState === "backoff" ? "lost" : "connecting";
    return html`<header>
        <span class="who">${who}</span>
        <mafia-lang-switch></mafia-lang-switch>
      </header>
      <div class="phase" data-link=${link} data-step=${state?.step ?? ""}>
        ${state ? stepTitle(tr, state) : t(link === "lost" ? "phone.lost" : "phone.connecting")}
      </div>
      ${up ? html`<seat-screen .session=${s} .revealed=${this.revealed} .tick=${this.tick}></seat-screen>` : html`<div style="flex:1"></div>`}
      ${up ? html`<seat-controls .hal=${s.hal} .tick=${this.tick}></seat-controls>` : nothing}
      ${up ? html`<seat-text-panel .session=${s} .tick=${this.tick}></seat-text-panel>` : nothing}
      ${up && s.paddle.hearing ? html`<seat-voice-consent .mic=${s.mic}></seat-voice-consent>` : nothing}`;
  }
}

customElements.define("mafia-seat", SeatApp);
