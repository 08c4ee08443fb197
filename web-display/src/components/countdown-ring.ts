/** A ring that empties as the step's time runs out, with the seconds left inside. */
import { css, html, nothing, svg } from "lit";
import { remainingMs, TickController } from "../clock.js";
import { MafiaElement } from "../element.js";
import { theme } from "../styles.js";

const R = 45;
const CIRCUMFERENCE = 2 * Math.PI * R;

export class CountdownRing extends MafiaElement {
  static override properties = {
    until: { attribute: false },
    offset: { attribute: false },
    total: { attribute: false },
    paused: { type: Boolean },
  };

  declare until: number | null;
  declare offset: number;
  /** The step's full length in seconds; null draws a full ring. */
  declare total: number | null;
  declare paused: boolean;

  constructor() {
    super();
    new TickController(this);
    this.until = null;
    this.offset = 0;
    this.total = null;
    this.paused = false;
  }

  static override styles = [
    theme,
    css`
      :host {
        display: inline-block;
        width: var(--ring-size, 22vh);
        height: var(--ring-size, 22vh);
        position: relative;
      }
      svg {
        width: 100%;
        height: 100%;
        transform: rotate(-90deg);
      }
      .track {
        stroke: rgba(255, 255, 255, 0.14);
      }
      .left {
        stroke: var(--ring-color, var(--gold));
        transition: stroke-dashoffset 0.25s linear;
      }
      .left.low {
        stroke: var(--red);
      }
      .secs {
        position: absolute;
        inset: 0;
        display: flex;
        align-items: center;
        justify-content: center;
        font-size: calc(var(--ring-size, 22vh) * 0.36);
        font-weight: 800;
        font-variant-numeric: tabular-nums;
      }
    `,
  ];

  override render() {
    const ms = this.until === null ? null : remainingMs({ until: this.until }, this.offset);
    if (ms === null && !this.paused) return nothing;
    const secs = ms === null ? null : Math.ceil(ms / 1000);
    const fraction =
      ms === null || !this.total ? 1 : Math.min(1, Math.max(0, ms / (this.total * 1000)));
    const low = secs !== null && secs <= 10;
    return html`${svg`<svg viewBox="0 0 100 100" aria-hidden="true">
        <circle class="track" cx="50" cy="50" r=${R} fill="none" stroke-width="8"></circle>
        <circle class="left ${low ? "low" : ""}" cx="50" cy="50" r=${R} fill="none" stroke-width="8"
          stroke-linecap="round" stroke-dasharray=${CIRCUMFERENCE}
          stroke-dashoffset=${CIRCUMFERENCE * (1 - fraction)}></circle>
      </svg>`}
      <div class="secs" data-seconds=${secs ?? ""}>${secs ?? "❚❚"}</div>`;
  }
}

customElements.define("mafia-countdown", CountdownRing);
