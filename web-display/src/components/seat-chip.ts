/**
 * One seat at the oval: number, name, in play or how it left, fouls as a number that reads
 * across a room, online, and in an open vote (sport) whom the seat's counted vote went to.
 */
import { css, html, nothing } from "lit";
import type { PublicSeat } from "../../../protocol/views.js";
import { MafiaElement } from "../element.js";
import { roleName } from "../i18n/index.js";
import { theme } from "../styles.js";
import { teamOfRole } from "../teams.js";

export class SeatChip extends MafiaElement {
  static override properties = {
    seat: { attribute: false },
    speaker: { type: Boolean },
    nominee: { type: Number },
    counting: { type: Boolean },
    role: { attribute: false },
    ruleset: { attribute: false },
    night: { type: Boolean },
    playing: { type: Boolean },
    votedFor: { attribute: false },
  };

  declare seat: PublicSeat;
  declare speaker: boolean;
  /** Place in the nomination order (1-based), 0 when not nominated. */
  declare nominee: number;
  declare counting: boolean;
  /** Only ever set from an ended game's public roles. */
  declare role: string | null;
  declare ruleset: string;
  declare night: boolean;
  /** A game is running: a seat in play that is offline is waited for ("reconnecting"). */
  declare playing: boolean;
  /** The tally key this seat's counted vote went to (a nominee, "leave", "stay"), or null. */
  declare votedFor: string | null;

  constructor() {
    super();
    this.speaker = false;
    this.nominee = 0;
    this.counting = false;
    this.role = null;
    this.ruleset = "";
    this.night = false;
    this.playing = false;
    this.votedFor = null;
  }

  static override styles = [
    theme,
    css`
      :host {
        display: block;
        /* One vh at the ring's scale: a full table's chips shrink together (seat-layout.ts). */
        --u: calc(var(--seat-scale, 1) * 1vh);
      }
      .chip {
        position: relative;
        width: calc(15.5 * var(--u));
        min-height: calc(13 * var(--u));
        padding: calc(1 * var(--u)) calc(0.5 * var(--u)) calc(0.8 * var(--u));
        border-radius: calc(2 * var(--u));
        background: var(--panel);
        border: calc(0.4 * var(--u)) solid var(--panel-edge);
        text-align: center;
        transition: transform 0.3s, border-color 0.3s, opacity 0.3s;
      }
      .num {
        font-size: calc(5.2 * var(--u));
        font-weight: 800;
        line-height: 1;
      }
      .name {
        font-size: calc(2.1 * var(--u));
        font-weight: 600;
        margin-top: calc(0.4 * var(--u));
        white-space: nowrap;
        overflow: hidden;
        text-overflow: ellipsis;
      }
      .meta {
        display: flex;
        justify-content: center;
        align-items: center;
        margin-top: calc(0.6 * var(--u));
        min-height: calc(3.5 * var(--u));
      }
      .fouls {
        display: inline-flex;
        align-items: baseline;
        gap: calc(0.4 * var(--u));
        padding: 0 calc(0.8 * var(--u));
        border-radius: calc(0.8 * var(--u));
        background: var(--amber);
        color: #1a1200;
      }
      .fouls b {
        font-size: calc(3.2 * var(--u));
        font-weight: 900;
        line-height: 1.1;
      }
      .fouls small {
        font-size: calc(1.5 * var(--u));
        font-weight: 700;
      }
      .fouls.warn {
        background: var(--red);
        color: #fff;
      }
      .voted {
        position: absolute;
        bottom: calc(-1.8 * var(--u));
        left: 50%;
        transform: translateX(-50%);
        white-space: nowrap;
        padding: calc(0.2 * var(--u)) calc(1 * var(--u));
        border-radius: calc(1 * var(--u));
        background: #fff;
        color: #6e211c;
        font-size: calc(2 * var(--u));
        font-weight: 800;
      }
      /* "RECONNECTING…" is one word: at 1.5 and 0.05em it ran 4% past the chip's edge. */
      .offline {
        font-size: calc(1.4 * var(--u));
        color: var(--ink-faint);
        text-transform: uppercase;
        letter-spacing: 0.02em;
      }
      /* Badges wrap instead of running out of the chip: "Мирный житель" takes two lines,
         and capitals only at the start keep "заголосован" on one line in a calc(15.5 * var(--u)) chip. */
      .badge {
        margin-top: calc(0.6 * var(--u));
        font-size: calc(1.7 * var(--u));
        font-weight: 800;
        line-height: 1.15;
        border-radius: calc(0.8 * var(--u));
        padding: calc(0.3 * var(--u)) calc(0.4 * var(--u));
        overflow-wrap: anywhere;
      }
      .badge::first-letter {
        text-transform: uppercase;
      }
      .out-killed {
        background: var(--red);
        color: #fff;
      }
      .out-voted {
        background: var(--amber);
        color: #1a1200;
      }
      .out-removed,
      .out-disconnected {
        background: #55595f;
        color: #fff;
      }
      .role {
        font-size: calc(1.6 * var(--u));
        background: #b3261e;
        color: #fff;
      }
      .role.team-mafia {
        background: #000;
        border: calc(0.25 * var(--u)) solid #8a8a8a;
      }
      .chip.gone:not(.ended) {
        opacity: 0.55;
      }
      .chip.gone .num,
      .chip.gone .name {
        color: var(--ink-dim);
      }
      .chip.speaker {
        border-color: var(--gold);
        box-shadow: 0 0 calc(3 * var(--u)) rgba(242, 193, 78, 0.65);
        transform: scale(1.14);
      }
      .chip.counting {
        border-color: var(--red);
        box-shadow: 0 0 calc(3 * var(--u)) rgba(226, 72, 61, 0.7);
        transform: scale(1.14);
      }
      .chip.nominated:not(.counting) {
        border-color: #c77b2a;
      }
      .nom {
        position: absolute;
        top: calc(-1.6 * var(--u));
        right: calc(-1.6 * var(--u));
        width: calc(4 * var(--u));
        height: calc(4 * var(--u));
        line-height: calc(4 * var(--u));
        border-radius: 50%;
        background: var(--amber);
        color: #1a1200;
        font-weight: 800;
        font-size: calc(2.2 * var(--u));
      }
      .chip.night {
        background: #0c1220;
        border-color: #1b2540;
      }
      .chip.night .num,
      .chip.night .name {
        color: var(--night-ink);
      }
    `,
  ];

  override render() {
    const s = this.seat;
    const t = this.tr.t;
    const gone = !s.alive;
    const cls = [
      "chip",
      gone ? "gone" : "",
      this.role ? "ended" : "",
      this.night ? "night" : "",
      this.speaker && !this.night ? "speaker" : "",
      this.counting && !this.night ? "counting" : "",
      this.nominee > 0 && !this.night ? "nominated" : "",
    ].join(" ");
    const team = this.role ? teamOfRole(this.manifest, this.role) : null;
    return html`<div
      class=${cls}
      data-seat=${s.seat}
      data-out=${s.out ?? ""}
      data-fouls=${s.fouls}
      data-online=${s.online ? "yes" : "no"}
    >
      <div class="num">${s.seat}</div>
      <div class="name">${s.name}</div>
      ${s.out ? html`<div class="badge out-${s.out}">${t(`out.${s.out}`, undefined, s.out)}</div>` : nothing}
      ${
        this.role
          ? html`<div class="badge role team-${team ?? "none"}" data-role=${this.role}>
              ${roleName(this.tr, this.ruleset, this.role)}
            </div>`
          : nothing
      }
      <div class="meta" title=${t("ui.fouls")}>
        ${
          s.fouls > 0
            ? html`<span class="fouls ${s.fouls >= 3 ? "warn" : ""}" data-foul-count=${s.fouls}
                ><b>${s.fouls}</b> <small>${t("ui.foulCount")}</small></span
              >`
            : nothing
        }
      </div>
      ${
        s.online || gone
          ? nothing
          : html`<div class="offline" data-reconnecting=${this.playing}>
              ${t(this.playing ? "ui.reconnecting" : "ui.offline")}</div>`
      }
      ${this.nominee > 0 && !this.night ? html`<div class="nom">${this.nominee}</div>` : nothing}
      ${this.votedFor && !this.night ? html`<div class="voted" data-voted-for=${this.votedFor}>${this.voteLabel(this.votedFor)}</div>` : nothing}
    </div>`;
  }

  private voteLabel(key: string): string {
    if (key === "leave" || key === "stay") return this.tr.t(`ui.${key}`);
    return this.tr.t("ui.votedFor", { n: key });
  }
}

customElements.define("mafia-seat", SeatChip);
