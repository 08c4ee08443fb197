/**
 * The host's forum panel: each living seat's inactivity warnings with the `warn` button
 * (FORUM-INACT: the host judges too few game-relevant posts; the last warning disqualifies),
 * and, marked secret, what the host may see of the night: who holds the mafia boss's office
 * and who is named heir (FORUM-BOSS, FORUM-OPEN-09), every role's latest choice tonight
 * (FORUM-OPEN-14: the last valid PN counts), the murder as sent, and which votes today the
 * liar asked to count straight (FORUM-LIAR-03). Read from the host view as its schema
 * declares it (protocol/host-view.ts: `flow.nightBook`, `flow.votes`).
 */
import { css, html, nothing } from "lit";
import type { CommandBody } from "../connection.js";
import { TableElement } from "../element.js";
import { forumWarnings, warningsToDisqualify } from "../forum.js";
import type { HostNightBook, HostView } from "../host-view.js";
import { roleName, seatList, seatRef } from "../i18n/index.js";
import { theme } from "../styles.js";
import { hostTheme } from "./host-styles.js";

/** Seat → action → targets, from the night's book, by seat. */
function choicesOf(book: HostNightBook): [number, string, number[]][] {
  return Object.entries(book.choices)
    .flatMap(([seat, actions]) =>
      Object.entries(actions).map(([action, targets]): [number, string, number[]] => [
        Number(seat),
        action,
        targets,
      ]),
    )
    .sort((a, b) => a[0] - b[0]);
}

export class HostForum extends TableElement {
  static override styles = [
    theme,
    hostTheme,
    css`
      .banner {
        background: var(--red);
        color: #fff;
        font-weight: 800;
        padding: 4px 8px;
        border-radius: 6px;
        margin: 12px 0 6px;
      }
      td.n {
        font-variant-numeric: tabular-nums;
        font-weight: 700;
      }
      ul {
        margin: 4px 0;
        padding-left: 18px;
      }
    `,
  ];

  override render() {
    const snap = this.snapshot;
    const s = snap?.state;
    const view = snap?.hostView;
    if (!s || !view || !this.manifest?.capabilities.warnings) return nothing;
    const t = this.tr.t;
    const warnings = forumWarnings(s);
    const max = warningsToDisqualify(s);
    const live = s.phase === "day" || s.phase === "night";
    return html`<section data-forum="host">
      <h2>${t("forum.warnings")}</h2>
      <table>
        <tbody>
          ${s.seats
            .filter((seat) => seat.alive)
            .map(
              (seat) => html`<tr data-seat=${seat.seat}>
                <td>${seatRef(this.tr, s.seats, seat.seat)}</td>
                <td class="n" data-warnings=${warnings.get(seat.seat) ?? 0}>
                  ${t("forum.warningCount", { n: warnings.get(seat.seat) ?? 0, max })}</td>
                <td><button data-action="warn" ?disabled=${!live}
                  @click=${() => this.warn(seat.seat)}>${t("host.warn")}</button></td>
              </tr>`,
            )}
        </tbody>
      </table>
      ${this.secret(view)}
    </section>`;
  }

  /** What only the host sees: the office, tonight's choices, the murder, straight votes. */
  private secret(view: HostView) {
    const s = this.snapshot?.state;
    if (!s) return nothing;
    const t = this.tr.t;
    const seats = s.seats;
    const ref = (n: number) => seatRef(this.tr, seats, n);
    const book = view.nightBook;
    const holder = book?.office.holder ?? null;
    const heir = book?.office.heir ?? null;
    const murder = book?.murder ?? null;
    const roles = new Map(view.seats.map((x) => [x.seat, x.role]));
    const straight = view.straight;
    const tonight = book && book.night === view.nightNumber ? choicesOf(book) : [];
    const who = (n: number) => {
      const role = roles.get(n);
      return role ? `${ref(n)} (${roleName(this.tr, s.ruleset, role)})` : ref(n);
    };
    return html`<div class="banner">${t("host.secret")}</div>
      <ul>
        <li data-office=${holder ?? ""}>${t("host.office")}: ${holder === null ? "–" : who(holder)}${heir === null ? "" : ` → ${who(heir)}`}</li>
        ${
          murder && s.phase === "night"
            ? html`<li data-murder=${murder.target}>${t("host.kill")}: ${ref(murder.target)}</li>`
            : nothing
        }
        ${tonight.map(
          ([seat, action, targets]) =>
            html`<li data-choice=${`${seat}:${action}`}>${who(seat)}: ${t(`phone.action.${action}`, undefined, action)} → ${seatList(this.tr, seats, targets)}</li>`,
        )}
        ${
          straight.length > 0 && s.phase === "day"
            ? html`<li data-straight=${straight.join(",")}>${t("host.straight")}: ${seatList(this.tr, seats, straight)}</li>`
            : nothing
        }
      </ul>`;
  }

  private warn(seat: number): void {
    const who = seatRef(this.tr, this.snapshot?.state?.seats ?? [], seat);
    if (!confirm(this.tr.t("host.confirmWarn", { who }))) return;
    this.emit<CommandBody>("host-command", { cmd: "warn", seat });
  }
}

customElements.define("host-forum", HostForum);
