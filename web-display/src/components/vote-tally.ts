/**
 * The ballot in order: the votes of each closed window, the one being counted, the rest.
 * Where the vote is open (sport: `voters` on the public view) each count names its voters.
 * Where seats do not nominate (the manifest), only the seats that have votes so far.
 */
import { css, html } from "lit";
import { asksLeaveOrStay } from "../../../protocol/manifest.js";
import type { PublicState } from "../../../protocol/views.js";
import { MafiaElement } from "../element.js";
import { theme } from "../styles.js";

export class VoteTally extends MafiaElement {
  static override properties = { state: { attribute: false } };
  declare state: PublicState;

  static override styles = [
    theme,
    css`
      ol {
        list-style: none;
        margin: 0;
        padding: 0;
        display: flex;
        flex-wrap: wrap;
        gap: 1.4vh;
        justify-content: center;
      }
      li {
        min-width: 11vh;
        padding: 1vh 1.4vh;
        border-radius: 1.4vh;
        background: rgba(0, 0, 0, 0.45);
        border: 0.3vh solid rgba(255, 255, 255, 0.2);
      }
      li.counting {
        border-color: var(--red);
        background: rgba(110, 33, 28, 0.75);
      }
      .who {
        font-size: 3vh;
        font-weight: 800;
      }
      .n {
        font-size: 5vh;
        font-weight: 800;
        line-height: 1.1;
        font-variant-numeric: tabular-nums;
      }
      .voters {
        max-width: 16vh;
        margin: 0.4vh auto 0;
        font-size: 2.2vh;
        font-weight: 700;
        line-height: 1.3;
        overflow-wrap: anywhere;
      }
      .voters.none {
        color: var(--ink-dim);
        font-weight: 400;
      }
      .later {
        font-size: 2vh;
        color: var(--ink-dim);
        line-height: 5.5vh;
        text-transform: uppercase;
      }
    `,
  ];

  override render() {
    const s = this.state;
    const t = this.tr.t;
    if (asksLeaveOrStay(this.manifest, s.step)) {
      const rows = [
        ["leave", t("ui.leave")],
        ["stay", t("ui.stay")],
      ] as const;
      return html`<ol>
        ${rows.map(
          ([key, label]) =>
            html`<li data-tally=${key}>
              <div class="who">${label}</div>
              <div class="n">${s.tally[key] ?? "…"}</div>
              ${this.voters(key)}
            </li>`,
        )}
      </ol>`;
    }
    // Without nominations every living seat is on the ballot and the votes are not counted
    // seat by seat: no seat is "next", so only seats with votes so far show, with their
    // count (an open vote as it goes; a secret one shows none until it closes).
    const inTurn = this.manifest?.capabilities.nominations === true;
    const shown = inTurn ? s.ballot : s.ballot.filter((n) => String(n) in s.tally);
    return html`<ol>
      ${shown.map((n) => {
        const counted = String(n) in s.tally && s.counting !== n;
        const counting = s.counting === n;
        return html`<li class=${counting ? "counting" : ""} data-nominee=${n}>
          <div class="who">${t("seat.number", { n })}</div>
          ${
            counted || counting
              ? html`<div class="n" data-votes=${s.tally[String(n)] ?? ""}>
                  ${counted ? s.tally[String(n)] : "…"}
                </div>
                ${counted ? this.voters(String(n)) : ""}`
              : html`<div class="later">${t("ui.pending")}</div>`
          }
        </li>`;
      })}
    </ol>`;
  }

  /** The seats counted under `key`, where the public view names them (open votes only). */
  private voters(key: string) {
    const seats = this.state.voters?.[key];
    if (!seats) return "";
    const none = seats.length === 0;
    return html`<div class="voters ${none ? "none" : ""}" data-voters=${seats.join(",")}>
      ${none ? this.tr.t("ui.noVoters") : seats.join(" · ")}
    </div>`;
  }
}

customElements.define("mafia-tally", VoteTally);
