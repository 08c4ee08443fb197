/**
 * The day's vote as the judge runs it: the nominations in order with who made each, the
 * nominee being counted, the tally so far, every voter's choice the host may see (marked
 * secret where the ruleset's vote is secret), and in a thumb vote each living seat's thumb
 * as it is now, with its last edge against the counting window's start.
 */
import { css, html, nothing } from "lit";
import { asksLeaveOrStay, hasStepKind, stepKind } from "../../../protocol/manifest.js";
import type { PublicState } from "../../../protocol/views.js";
import { stepSeconds } from "../clock.js";
import { TableElement } from "../element.js";
import type { HostSeat, HostView } from "../host-view.js";
import { seatList, seatRef } from "../i18n/index.js";
import { theme } from "../styles.js";
import { hostTheme } from "./host-styles.js";
import { edgeTime } from "./when.js";

/** A leave/stay vote: the voter's own seat means "leave", 0 "stay" (sport's flow). */
const STAY = 0;

export class HostVotePanel extends TableElement {
  static override styles = [
    theme,
    hostTheme,
    css`
      ol {
        margin: 0 0 10px;
        padding-left: 0;
        list-style: none;
      }
      li {
        display: flex;
        flex-wrap: wrap;
        align-items: baseline;
        gap: 8px;
        padding: 4px 8px;
        border-radius: 6px;
      }
      li.counting {
        background: #3a2f12;
        outline: 2px solid var(--gold);
      }
      .ord {
        font-weight: 800;
        min-width: 2em;
      }
      .who {
        font-weight: 700;
      }
      .by,
      .dim {
        color: var(--ink-dim);
      }
      .live {
        color: var(--green);
        font-weight: 800;
      }
      .count {
        margin-left: auto;
        font-size: 20px;
        font-weight: 800;
        font-variant-numeric: tabular-nums;
      }
      .badge {
        padding: 1px 8px;
        border-radius: 10px;
        font-size: 13px;
        font-weight: 800;
        background: var(--gold);
        color: #141000;
      }
      .secret {
        background: var(--red);
        color: #fff;
      }
      .thumbs {
        display: flex;
        flex-wrap: wrap;
        gap: 6px;
        margin: 6px 0 10px;
      }
      .thumb {
        padding: 4px 8px;
        border-radius: 6px;
        background: #0f1218;
        border: 1px solid var(--panel-edge);
        font-variant-numeric: tabular-nums;
      }
      .thumb.down {
        border-color: var(--green);
        background: #123222;
      }
      .voters {
        margin: 4px 0 0;
        overflow-wrap: anywhere;
      }
    `,
  ];

  override render() {
    const s = this.snapshot?.state;
    const view = this.snapshot?.hostView;
    if (!s || !view || s.phase !== "day") return nothing;
    const voting = this.isVoteStep(s.step);
    const thumbs = this.manifest?.capabilities.thumbSensors === true;
    // Rulesets where everyone is on the ballot (no `nominations` in the manifest) list none.
    const list = thumbs && s.ballot.length > 0 && voting ? s.ballot : s.nominations;
    const votes = view.votes ?? {};
    if (list.length === 0 && !voting && Object.keys(votes).length === 0) return nothing;
    const t = this.tr.t;
    const secret = hasStepKind(this.manifest, "secretVote");
    return html`<section data-vote-panel>
      ${
        thumbs || list.length > 0
          ? html`<h2>${t("host.nominations")}</h2>
            ${list.length === 0 ? html`<div class="dim">${t("ui.noNominations")}</div>` : nothing}
            <ol>${list.map((n, i) => this.nominee(s, view, n, i))}</ol>`
          : nothing
      }
      ${asksLeaveOrStay(this.manifest, s.step) ? this.leaveTally(s, view) : nothing}
      ${thumbs && voting ? this.thumbs(s, view) : nothing}
      ${
        Object.keys(votes).length > 0 || (voting && !thumbs)
          ? html`<h2>${t("host.votes")} ${
              secret
                ? html`<span class="badge secret" data-secret="vote">${t("host.secretMark")}</span>`
                : nothing
            }</h2>
            ${this.voters(s, votes)}`
          : nothing
      }
    </section>`;
  }

  /**
   * Whether the step is a vote the panel counts, as the manifest declares it: a thumb vote,
   * a secret vote, or an open vote given in steps (a day board's open vote has its own panel).
   */
  private isVoteStep(step: string): boolean {
    const kind = stepKind(this.manifest, step);
    if (kind === "thumbVote" || kind === "secretVote") return true;
    return kind === "openVote" && this.manifest?.capabilities.dayBoard !== true;
  }

  private nominee(s: PublicState, view: HostView, n: number, i: number) {
    const t = this.tr.t;
    const by = view.nominators[String(n)];
    const counted = s.tally[String(n)];
    const counting = s.counting === n;
    return html`<li class=${counting ? "counting" : ""} data-nominee=${n} ?data-counting=${counting}>
      <span class="ord">${i + 1}.</span>
      <span class="who">${seatRef(this.tr, s.seats, n)}</span>
      ${by === undefined ? nothing : html`<span class="by" data-by=${by}>${t("host.nominatedBy", { seat: seatRef(this.tr, s.seats, by) })}</span>`}
      ${counting ? html`<span class="badge">${t("host.countingNow")}</span>` : nothing}
      ${
        counting && this.manifest?.capabilities.thumbSensors
          ? html`<span class="live" data-live-count=${this.pending(s, view).length}>${t("host.liveCount", { n: this.pending(s, view).length })}</span>`
          : nothing
      }
      <span class="count" data-tally=${counted ?? ""}>${counted ?? "–"}</span>
    </li>`;
  }

  /**
   * The thumbs that would count for the nominee if the window closed now: down, alive, and
   * not already counted for an earlier nominee (SPORT-VOTE-03: one vote per voter).
   */
  private pending(s: PublicState, view: HostView): number[] {
    const living = new Set(s.seats.filter((x) => x.alive).map((x) => x.seat));
    const counted = view.votes ?? {};
    return view.seats
      .filter((x) => living.has(x.seat) && x.thumbDown === true && !(String(x.seat) in counted))
      .map((x) => x.seat);
  }

  private leaveTally(s: PublicState, view: HostView) {
    const t = this.tr.t;
    const now = this.pending(s, view).length;
    return html`<div data-leave>${t("ui.leave")}: <b>${s.tally.leave ?? "–"}</b> ·
      ${t("ui.stay")}: <b>${s.tally.stay ?? "–"}</b>
      <span class="live" data-live-count=${now}>${t("host.liveCount", { n: now })}</span></div>`;
  }

  /** Every living seat's thumb now; the edge time counts from the window's opening. */
  private thumbs(s: PublicState, view: HostView) {
    const t = this.tr.t;
    const total = stepSeconds(s, this.manifest);
    const opened = s.until !== null && total !== null ? s.until - total * 1000 : null;
    const living = new Set(s.seats.filter((x) => x.alive).map((x) => x.seat));
    const seats = view.seats.filter((x) => living.has(x.seat));
    const down = seats.filter((x) => x.thumbDown === true).map((x) => x.seat);
    return html`<h2>${t("host.thumbsNow")}: <span data-down-count=${down.length}>${down.length}</span></h2>
      <div class="thumbs">${seats.map((x) => this.thumb(x, opened, view.vote?.downInWindow ?? []))}</div>`;
  }

  private thumb(x: HostSeat, opened: number | null, inWindow: number[]) {
    const mark = x.thumbDown === null ? "–" : x.thumbDown ? "▼" : "▲";
    const edge = x.thumbAt === null ? null : edgeTime(x.thumbAt, opened, this.tr.lang);
    const when =
      edge === null
        ? ""
        : edge.form === "window"
          ? this.tr.t("host.secondsAfter", { s: edge.text })
          : edge.text;
    return html`<span class="thumb ${x.thumbDown ? "down" : ""}" data-thumb=${x.seat}
      data-down=${String(x.thumbDown)} data-at=${x.thumbAt ?? ""}
      title=${inWindow.includes(x.seat) ? this.tr.t("host.downInWindow") : ""}>
      <b>${x.seat}</b> ${mark} <span class="dim">${when}</span></span>`;
  }

  /** Voters grouped by their choice: "#3 Clara ← #1, #4"; 0 is an abstention (or "stay"). */
  private voters(s: PublicState, votes: Record<string, number>) {
    const t = this.tr.t;
    const leave = asksLeaveOrStay(this.manifest, s.step);
    const groups = new Map<number, number[]>();
    for (const [voter, choice] of Object.entries(votes)) {
      const key = leave && choice !== STAY ? -1 : choice;
      groups.set(key, [...(groups.get(key) ?? []), Number(voter)]);
    }
    const label = (choice: number) =>
      choice === -1
        ? t("ui.leave")
        : choice === STAY
          ? leave
            ? t("ui.stay")
            : t("host.abstained")
          : seatRef(this.tr, s.seats, choice);
    return html`${[...groups.entries()].map(
      ([choice, voters]) =>
        html`<div class="voters" data-votes-for=${choice}><b>${label(choice)}</b> (${voters.length}):
          ${seatList(this.tr, s.seats, voters)}</div>`,
    )}`;
  }
}

customElements.define("host-vote-panel", HostVotePanel);
