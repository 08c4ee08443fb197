/**
 * Night: dark, the step's name and its countdown, the seats dimmed. It shows nothing of
 * who is awake: no speaker, no prompts, no highlight, only what the whole table knows.
 */
import { css, html, nothing } from "lit";
import { stepSeconds } from "../clock.js";
import { TableElement } from "../element.js";
import { forumDeadline } from "../forum.js";
import { announcement, nightLine, phaseTitle } from "../i18n/index.js";
import { theme } from "../styles.js";
import "./countdown-ring.js";
import "./seat-ring.js";

export class NightScreen extends TableElement {
  static override properties = { aside: { type: Boolean, reflect: true } };
  /** Published texts stand at the right (display-app.ts): the seats keep out of their way. */
  declare aside: boolean;

  constructor() {
    super();
    this.aside = false;
  }

  static override styles = [
    theme,
    css`
      :host {
        position: fixed;
        inset: 0;
        background: radial-gradient(ellipse at 50% 0%, #0c1428 0%, var(--night) 60%);
        color: var(--night-ink);
      }
      .ring {
        position: absolute;
        inset: 4vh 6vw 12vh;
      }
      :host([aside]) .ring,
      :host([aside]) .last {
        right: 37vw;
        left: 2vw;
      }
      /* Beside the texts the ring is 108vh wide, not 156: a middle 44vh tall left the chips
         of 10 seats at 0.37 of their size (table-layout.test.ts); smaller, they keep more. */
      :host([aside]) .moon {
        font-size: 6vh;
      }
      :host([aside]) .title {
        font-size: 6vh;
      }
      :host([aside]) .line {
        font-size: 3.2vh;
        margin-bottom: 1vh;
      }
      :host([aside]) mafia-countdown {
        --ring-size: 10vh;
      }
      .moon {
        font-size: 9vh;
        line-height: 1;
        color: #dfe6f5;
        filter: drop-shadow(0 0 2vh rgba(200, 215, 255, 0.35));
      }
      .title {
        font-size: 7.5vh;
        font-weight: 900;
        color: #dfe6f5;
        margin: 1vh 0 0.5vh;
      }
      .line {
        font-size: 4.2vh;
        font-weight: 600;
        margin-bottom: 2vh;
      }
      mafia-countdown {
        --ring-size: 13vh;
        --ring-color: #5a74a8;
      }
      .last {
        position: absolute;
        left: 0;
        right: 0;
        bottom: 4vh;
        text-align: center;
        font-size: 3vh;
        color: #6f82a8;
      }
    `,
  ];

  override render() {
    const snap = this.snapshot;
    const s = snap?.state;
    if (!snap || !s) return nothing;
    const last = snap.announcements.at(-1);
    return html`<div class="ring">
        <mafia-seat-ring .state=${s} night>
          <div>
            <div class="moon" aria-hidden="true">☾</div>
            <div class="title" data-title="night">${phaseTitle(this.tr, s)}</div>
            <div class="line" data-step=${s.step}>${nightLine(this.tr, s)}</div>
            ${this.manifest?.capabilities.deadlines ? html`<div class="line" data-deadline>${forumDeadline(this.tr, s)}</div>` : nothing}
            <mafia-countdown .until=${s.until} .offset=${snap.offset} .total=${stepSeconds(s, this.manifest)}
              ?paused=${s.paused}></mafia-countdown>
          </div>
        </mafia-seat-ring>
      </div>
      ${last ? html`<div class="last">${announcement(this.tr, last, s.seats, s.ruleset)}</div>` : nothing}`;
  }
}

customElements.define("mafia-night", NightScreen);
