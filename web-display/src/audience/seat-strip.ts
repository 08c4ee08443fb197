/**
 * The overlay's seats: one row of seat chips along the bottom of a stream, each with its
 * role (the audience knows them), how it left, its fouls and its counted vote.
 */
import { css, html } from "lit";
import type { PublicState } from "../../../protocol/views.js";
import { shownRole, votesBySeat } from "../components/seat-ring.js";
import { MafiaElement } from "../element.js";
import { theme } from "../styles.js";
import "../components/seat-chip.js";

export class SeatStrip extends MafiaElement {
  static override properties = {
    state: { attribute: false },
    roles: { attribute: false },
  };
  declare state: PublicState;
  declare roles: Record<string, string> | null;

  constructor() {
    super();
    this.roles = null;
  }

  static override styles = [
    theme,
    css`
      :host {
        display: flex;
        flex-wrap: wrap;
        justify-content: center;
        /* Room for the number tag above a chip's corner and the vote tag below it. */
        gap: 3.6vh 3.4vh;
      }
    `,
  ];

  override render() {
    const s = this.state;
    const votes = votesBySeat(s, this.manifest);
    const speaking = s.phase === "day" && s.speaker !== null;
    return s.seats.map(
      (seat) => html`<mafia-seat
        .seat=${seat}
        .ruleset=${s.ruleset}
        .role=${shownRole(s, seat, this.roles)}
        ?speaker=${speaking && s.speaker === seat.seat}
        ?counting=${s.counting === seat.seat}
        .nominee=${s.phase === "day" ? s.nominations.indexOf(seat.seat) + 1 : 0}
        .votedFor=${votes.get(seat.seat) ?? null}
      ></mafia-seat>`,
    );
  }
}

customElements.define("mafia-seat-strip", SeatStrip);
