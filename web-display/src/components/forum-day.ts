/**
 * The forum's day in the middle of the oval: the public vote as the room must see it
 * (FORUM-VOTE-07), every candidate with the seats that vote for him now (changeable until
 * the deadline, FORUM-VOTE-04) and his total as counted (FORUM-OPEN-10 a: net, the liar's
 * vote −1, so a total can be below the number of voters; nobody is named as the liar),
 * the deadline and its countdown.
 */
import { css, html, nothing } from "lit";
import { readExtras } from "../../../protocol/extras.js";
import { stepSeconds } from "../clock.js";
import { TableElement } from "../element.js";
import { forumDeadline, forumVotes, signed } from "../forum.js";
import { theme } from "../styles.js";
import "./countdown-ring.js";

interface Row {
  seat: number;
  total: number;
  voters: number[];
}

export class ForumDay extends TableElement {
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
      .deadline {
        font-size: 3vh;
        font-weight: 700;
        margin: 0.6vh 0 1.2vh;
      }
      .row {
        display: flex;
        align-items: center;
        justify-content: center;
        gap: 2.4vh;
      }
      mafia-countdown {
        --ring-size: 12vh;
        --ring-color: var(--red);
      }
      ol {
        list-style: none;
        margin: 0;
        padding: 0;
        display: flex;
        flex-wrap: wrap;
        gap: 1.2vh;
        justify-content: center;
        max-width: 52vh;
      }
      li {
        min-width: 10vh;
        padding: 0.8vh 1.2vh;
        border-radius: 1.4vh;
        background: rgba(0, 0, 0, 0.45);
        border: 0.3vh solid rgba(255, 255, 255, 0.2);
      }
      li.lead {
        border-color: var(--red);
        background: rgba(110, 33, 28, 0.75);
      }
      .who {
        font-size: 2.8vh;
        font-weight: 800;
      }
      .n {
        font-size: 4.6vh;
        font-weight: 800;
        line-height: 1.1;
        font-variant-numeric: tabular-nums;
      }
      .voters {
        max-width: 16vh;
        margin: 0.3vh auto 0;
        font-size: 2vh;
        font-weight: 700;
        overflow-wrap: anywhere;
      }
      .none,
      .hint {
        font-size: 2.4vh;
        color: var(--ink-dim);
      }
      .hint {
        margin-top: 1vh;
        font-size: 1.9vh;
      }
    `,
  ];

  /** Every seat voted for, with its total as the hub counted it and its voters now. */
  private rows(): Row[] {
    const s = this.snapshot?.state;
    if (!s) return [];
    const bySeat = new Map<number, Row>();
    const row = (seat: number): Row => {
      const known = bySeat.get(seat) ?? { seat, total: s.tally[String(seat)] ?? 0, voters: [] };
      bySeat.set(seat, known);
      return known;
    };
    for (const [voter, target] of forumVotes(s)) row(target).voters.push(voter);
    for (const key of Object.keys(s.tally)) row(Number(key));
    return [...bySeat.values()].sort((a, b) => b.total - a.total || a.seat - b.seat);
  }

  override render() {
    const snap = this.snapshot;
    const s = snap?.state;
    if (!snap || !s) return nothing;
    const t = this.tr.t;
    const rows = this.rows();
    const top = rows[0];
    const lead = top && top.total > 0 && rows[1]?.total !== top.total ? top.seat : null;
    // Whether a role whose vote counts −1 is dealt (its ability in the manifest): then a
    // total may be below the number of voters and the hint says why.
    const dealt = readExtras(s.extras).composition?.roles;
    const negative = this.manifest?.roles.filter((r) => r.abilities.includes("negativeVote"));
    const negativeDealt =
      Array.isArray(dealt) && (negative ?? []).some((r) => dealt.includes(r.id));
    const deadline = forumDeadline(this.tr, s);
    return html`<div class="label">${t("forum.votes")}</div>
      ${deadline ? html`<div class="deadline" data-deadline=${s.until ?? ""}>${deadline}</div>` : nothing}
      <div class="row">
        <mafia-countdown .until=${s.until} .offset=${snap.offset} .total=${stepSeconds(s, this.manifest)}
          ?paused=${s.paused}></mafia-countdown>
        ${
          rows.length === 0
            ? html`<div class="none">${t("forum.noVotes")}</div>`
            : html`<ol data-forum-tally>
                ${rows.map(
                  (r) => html`<li class=${r.seat === lead ? "lead" : ""} data-candidate=${r.seat}>
                    <div class="who">${t("seat.number", { n: r.seat })}</div>
                    <div class="n" data-total=${r.total} title=${t("forum.tally")}>${signed(r.total)}</div>
                    <div class="voters" data-voters=${r.voters.join(",")}>
                      ${r.voters.length > 0 ? r.voters.join(" · ") : t("ui.noVoters")}
                    </div>
                  </li>`,
                )}
              </ol>`
        }
      </div>
      ${negativeDealt ? html`<div class="hint">${t("forum.tallyHint")}</div>` : nothing}`;
  }
}

customElements.define("mafia-forum-day", ForumDay);
