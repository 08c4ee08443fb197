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
      }
      .chip {
        position: relative;
        width: 15.5vh;
        min-height: 13vh;
        padding: 1vh 0.5vh 0.8vh;
        border-radius: 2vh;
        background: var(--panel);
        border: 0.4vh solid var(--panel-edge);
        text-align: center;
        transition: transform 0.3s, border-color 0.3s, opacity 0.3s;
      }
      .num {
        font-size: 5.2vh;
        font-weight: 800;
        line-height: 1;
      }
      .name {
        font-size: 2.1vh;
        font-weight: 600;
        margin-top: 0.4vh;
        white-space: nowrap;
        overflow: hidden;
        text-overflow: ellipsis;
      }
      .meta {
        display: flex;
        justify-content: center;
        align-items: center;
        margin-top: 0.6vh;
        min-height: 3.5vh;
      }
      .fouls {
        display: inline-flex;
        align-items: baseline;
        gap: 0.4vh;
        padding: 0 0.8vh;
        border-radius: 0.8vh;
        background: var(--amber);
        color: #1a1200;
      }
      .fouls b {
        font-size: 3.2vh;
        font-weight: 900;
        line-height: 1.1;
      }
      .fouls small {
        font-size: 1.5vh;
        font-weight: 700;
      }
      .fouls.warn {
        background: var(--red);
        color: #fff;
      }
      .voted {
        position: absolute;
        bottom: -1.8vh;
        left: 50%;
        transform: translateX(-50%);
        white-space: nowrap;
        padding: 0.2vh 1vh;
        border-radius: 1vh;
        background: #fff;
        color: #6e211c;
        font-size: 2vh;
        font-weight: 800;
      }
      .offline {
        font-size: 1.5vh;
        color: var(--ink-faint);
        text-transform: uppercase;
        letter-spacing: 0.05em;
      }
      /* Badges wrap instead of running out of the chip: "Мирный житель" takes two lines,
         and capitals only at the start keep "заголосован" on one line in a 15.5vh chip. */
      .badge {
        margin-top: 0.6vh;
        font-size: 1.7vh;
        font-weight: 800;
        line-height: 1.15;
        border-radius: 0.8vh;
        padding: 0.3vh 0.4vh;
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
        font-size: 1.6vh;
        background: #b3261e;
        color: #fff;
      }
      .role.team-mafia {
        background: #000;
        border: 0.25vh solid #8a8a8a;
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
        box-shadow: 0 0 3vh rgba(242, 193, 78, 0.65);
        transform: scale(1.14);
      }
      .chip.counting {
        border-color: var(--red);
        box-shadow: 0 0 3vh rgba(226, 72, 61, 0.7);
        transform: scale(1.14);
      }
      .chip.nominated:not(.counting) {
        border-color: #c77b2a;
      }
      .nom {
        position: absolute;
        top: -1.6vh;
        right: -1.6vh;
        width: 4vh;
        height: 4vh;
        line-height: 4vh;
        border-radius: 50%;
        background: var(--amber);
        color: #1a1200;
        font-weight: 800;
        font-size: 2.2vh;
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
