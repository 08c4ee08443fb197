/** The middle of the oval: who has the floor, the vote being counted, the winner. */
import { css, html, nothing } from "lit";
import { asksLeaveOrStay, stepKind } from "../../../protocol/manifest.js";
import type { PublicState } from "../../../protocol/views.js";
import { stepSeconds } from "../clock.js";
import { TableElement } from "../element.js";
import { seatList, stepName } from "../i18n/index.js";
import { theme } from "../styles.js";
import "./countdown-ring.js";
import "./forum-day.js";
import "./vote-tally.js";
import "./winner-banner.js";

export class Stage extends TableElement {
  static override styles = [
    theme,
    css`
      :host {
        display: block;
        text-align: center;
      }
      .label {
        font-size: 2.6vh;
        text-transform: uppercase;
        letter-spacing: 0.12em;
        color: var(--gold);
        font-weight: 700;
      }
      .who {
        font-size: 11vh;
        font-weight: 900;
        line-height: 1;
        margin: 0.5vh 0;
      }
      .name {
        font-size: 4.4vh;
        font-weight: 700;
        margin-bottom: 1.5vh;
      }
      .question {
        font-size: 3.4vh;
        font-weight: 800;
        margin: 0.5vh 0 1.5vh;
      }
      .row {
        display: flex;
        align-items: center;
        justify-content: center;
        gap: 3vh;
      }
      .hint {
        font-size: 3vh;
        color: var(--ink-dim);
      }
      .big {
        font-size: 6vh;
        font-weight: 900;
      }
      mafia-countdown {
        --ring-size: 17vh;
      }
      .vote mafia-countdown {
        --ring-size: 13vh;
        --ring-color: var(--red);
      }
    `,
  ];

  override render() {
    const snap = this.snapshot;
    const s = snap?.state;
    if (!snap || !s) return nothing;
    const t = this.tr.t;
    const ring = html`<mafia-countdown
      .until=${s.until}
      .offset=${snap.offset}
      .total=${stepSeconds(s, this.manifest)}
      ?paused=${s.paused}
    ></mafia-countdown>`;
    if (s.phase === "setup") {
      return html`<div class="big">${t("ui.waitingTitle")}</div>
        <div class="hint">${t("ui.waitingHint")}</div>`;
    }
    if (s.phase === "ended") return html`<mafia-winner></mafia-winner>`;
    if (this.manifest?.capabilities.dayBoard && stepKind(this.manifest, s.step) === "openVote")
      return html`<mafia-forum-day></mafia-forum-day>`;
    if (s.speaker !== null && stepKind(this.manifest, s.step) === "speaking") {
      return this.speaker(s, s.speaker, ring);
    }
    const kind = stepKind(this.manifest, s.step);
    const leaveOrStay = asksLeaveOrStay(this.manifest, s.step);
    if ((kind === "thumbVote" || kind === "openVote" || kind === "secretVote") && !leaveOrStay) {
      return html`<div class="vote">
        <div class="label">${stepName(this.tr, s.step)}</div>
        ${
          s.counting !== null
            ? html`<div class="question" data-counting=${s.counting}>
                ${t("ui.counting", { seat: seatList(this.tr, s.seats, [s.counting]) })}
              </div>`
            : nothing
        }
        <div class="row">${ring}<mafia-tally .state=${s}></mafia-tally></div>
      </div>`;
    }
    if (leaveOrStay) {
      return html`<div class="vote">
        <div class="label">${stepName(this.tr, s.step)}</div>
        <div class="question">${seatList(this.tr, s.seats, s.ballot)}</div>
        <div class="row">${ring}<mafia-tally .state=${s}></mafia-tally></div>
      </div>`;
    }
    return html`<div class="big">${stepName(this.tr, s.step)}</div>
      ${ring}`;
  }

  private speaker(s: PublicState, n: number, ring: unknown) {
    const seat = s.seats.find((x) => x.seat === n);
    return html`<div class="label">${stepName(this.tr, s.step)}</div>
      <div class="row">
        <div>
          <div class="who" data-speaker=${n}>${n}</div>
          <div class="name">${seat?.name ?? ""}</div>
        </div>
        ${ring}
      </div>`;
  }
}

customElements.define("mafia-stage", Stage);
