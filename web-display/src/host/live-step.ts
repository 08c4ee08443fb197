/**
 * The step as it runs: its title and countdown (the hub's `until`, corrected by the clock
 * offset), who has the floor and who speaks after him, and whom the step still waits for.
 */
import { css, html, nothing } from "lit";
import { stepKind } from "../../../protocol/manifest.js";
import type { PublicState } from "../../../protocol/views.js";
import { stepSeconds } from "../clock.js";
import { TableElement } from "../element.js";
import { announcement, seatList, seatRef, stepName, stepTitle } from "../i18n/index.js";
import { theme } from "../styles.js";
import "../components/countdown-ring.js";
import { hostTheme } from "./host-styles.js";
import { clockTime } from "./when.js";

/** How many of the coming speakers are named; the rest are counted. */
const QUEUE_SHOWN = 4;
/** The newest announcements, with the hub's time: what the table was just told. */
const LOG_SHOWN = 6;

export class HostLive extends TableElement {
  static override styles = [
    theme,
    hostTheme,
    css`
      .head {
        display: flex;
        align-items: center;
        gap: 16px;
      }
      mafia-countdown {
        --ring-size: 92px;
        flex: none;
      }
      .step {
        font-size: 22px;
        font-weight: 800;
      }
      .paused {
        display: inline-block;
        margin-top: 4px;
        padding: 2px 10px;
        border-radius: 10px;
        background: var(--amber);
        color: #1b1000;
        font-weight: 800;
      }
      .line {
        margin-top: 10px;
        font-size: 17px;
        overflow-wrap: anywhere;
      }
      .label {
        color: var(--ink-dim);
        margin-right: 6px;
      }
      .speaker {
        font-size: 24px;
        font-weight: 800;
        color: var(--gold);
      }
      .chip {
        display: inline-block;
        margin: 2px 4px 2px 0;
        padding: 2px 8px;
        border-radius: 10px;
        background: #232a36;
      }
      .log {
        margin: 12px 0 0;
        padding: 0;
        list-style: none;
        font-size: 14px;
        overflow-wrap: anywhere;
      }
      .log li {
        padding: 3px 0;
        border-top: 1px solid var(--panel-edge);
      }
      .log .at {
        color: var(--ink-dim);
        font-variant-numeric: tabular-nums;
        margin-right: 8px;
      }
      .chip.first {
        outline: 2px solid var(--gold);
      }
    `,
  ];

  override render() {
    const snap = this.snapshot;
    const s = snap?.state;
    if (!snap || !s || s.phase === "setup" || s.phase === "ended") return nothing;
    return html`<section data-live>
      <div class="head">
        <mafia-countdown .until=${s.until} .offset=${snap.offset} .total=${stepSeconds(s, this.manifest)}
          ?paused=${s.paused}></mafia-countdown>
        <div>
          <div class="step" data-step=${s.step}>${stepTitle(this.tr, s)}</div>
          ${s.paused ? html`<span class="paused" data-paused>${this.pausedText()}</span>` : nothing}
        </div>
      </div>
      ${this.floor(s)}
      ${this.log(s)}
    </section>`;
  }

  private log(s: PublicState) {
    // The host view's own list: it keeps a removal's cause, which the table's may not show.
    const own = this.snapshot?.hostView?.announcements ?? this.snapshot?.announcements ?? [];
    const log = [...own].reverse().slice(0, LOG_SHOWN);
    if (log.length === 0) return nothing;
    return html`<ol class="log" data-log>${log.map(
      (a) =>
        html`<li data-key=${a.key}><span class="at">${clockTime(a.at, this.tr.lang)}</span> ${announcement(this.tr, a, s.seats, s.ruleset)}</li>`,
    )}</ol>`;
  }

  /** "Paused — 23 s left": the step's time is kept while the clock stands. */
  private pausedText(): string {
    const left = this.snapshot?.hostView?.remaining ?? null;
    const t = this.tr.t;
    return left === null
      ? t("ui.paused")
      : t("host.pausedLeft", { seconds: Math.ceil(left / 1000) });
  }

  private floor(s: PublicState) {
    const t = this.tr.t;
    // At night the title says what the night is doing; the choices are on the secret panel.
    if (s.phase === "night") return nothing;
    const queue = this.snapshot?.hostView?.queue ?? [];
    const speaking = s.speaker !== null && stepKind(this.manifest, s.step) === "speaking";
    return html`${
      speaking
        ? html`<div class="line"><span class="label">${stepName(this.tr, s.step)}:</span>
            <span class="speaker" data-speaker=${s.speaker}>${seatRef(this.tr, s.seats, s.speaker as number)}</span></div>`
        : nothing
    }
      ${queue.length > 0 ? this.queue(s, queue) : nothing}
      ${
        s.waitingFor.length > 0
          ? html`<div class="line" data-waiting=${s.waitingFor.join(",")}>
              <span class="label">${t("host.waitingFor")}:</span>${seatList(this.tr, s.seats, s.waitingFor)}</div>`
          : nothing
      }`;
  }

  private queue(s: PublicState, queue: { seat: number; step: string }[]) {
    const shown = queue.slice(0, QUEUE_SHOWN);
    const more = queue.length - shown.length;
    return html`<div class="line" data-next=${queue[0]?.seat ?? ""}>
      <span class="label">${this.tr.t("host.nextSpeaker")}:</span>
      ${shown.map(
        (turn, i) =>
          html`<span class="chip ${i === 0 ? "first" : ""}" data-queued=${turn.seat}>${seatRef(this.tr, s.seats, turn.seat)}${
            turn.step === "speech" ? "" : ` (${stepName(this.tr, turn.step)})`
          }</span>`,
      )}
      ${more > 0 ? html`<span class="label">${this.tr.t("host.andMore", { n: more })}</span>` : nothing}
    </div>`;
  }
}

customElements.define("host-live", HostLive);
