/**
 * The audience's night (sport, SPORT-SETUP-05): each step's choices once the step is over,
 * newest night first: who shot whom, who checked whom and the answer. The hub sends them
 * only after their step (hub/engine/rulesets/sport/audience.ts); this only words them.
 */
import { css, html, nothing } from "lit";
import type { AudienceExtra } from "../../../protocol/audience.js";
import { TableElement } from "../element.js";
import { phaseTitle, resultText, seatRef } from "../i18n/index.js";
import { theme } from "../styles.js";

interface Line {
  round: number;
  text: string;
  kind: string;
}

export class NightChoices extends TableElement {
  static override properties = { limit: { type: Number } };
  declare limit: number;

  constructor() {
    super();
    this.limit = 8;
  }

  static override styles = [
    theme,
    css`
      :host {
        display: block;
      }
      h2 {
        margin: 0 0 1vh;
        font-size: 2.3vh;
        text-transform: uppercase;
        letter-spacing: 0.14em;
        color: var(--ink-dim);
      }
      h3 {
        margin: 1vh 0 0.6vh;
        font-size: 2.2vh;
        color: var(--night-ink);
      }
      ol {
        list-style: none;
        margin: 0;
        padding: 0;
        display: flex;
        flex-direction: column;
        gap: 0.6vh;
      }
      li {
        font-size: 2.5vh;
        line-height: 1.3;
        padding: 0.3vh 1vh;
        border-left: 0.5vh solid var(--panel-edge);
        overflow-wrap: anywhere;
      }
      li.shoot {
        border-left-color: var(--red);
      }
      li.check {
        border-left-color: var(--gold);
      }
      .none {
        font-size: 2.4vh;
        color: var(--ink-faint);
      }
    `,
  ];

  private lines(extra: AudienceExtra): Line[] {
    const s = this.snapshot?.state;
    if (!s) return [];
    const tr = this.tr;
    const seat = (n: number) => seatRef(tr, s.seats, n);
    const shots: Line[] = extra.night.map((c) => ({
      round: c.round,
      kind: c.action,
      text: tr.t("audience.shot", {
        seat: seat(c.seat),
        target: c.targets.map(seat).join(", "),
      }),
    }));
    const checks: Line[] = extra.results.map((r) => ({
      round: r.night,
      kind: "check",
      text: tr.t("audience.check", {
        seat: seat(r.seat),
        target: r.seats.map(seat).join(", "),
        answer: resultText(tr, s.ruleset, r.key),
      }),
    }));
    return [...shots, ...checks];
  }

  override render() {
    const extra = this.snapshot?.audience;
    if (!extra) return nothing;
    const lines = this.lines(extra);
    const rounds = [...new Set(lines.map((l) => l.round))].sort((a, b) => b - a);
    let left = this.limit;
    return html`<h2>${this.tr.t("audience.night")}</h2>
      ${lines.length === 0 ? html`<div class="none">${this.tr.t("audience.nothingYet")}</div>` : nothing}
      ${rounds.map((round) => {
        // Nights whole or not at all: the newest always, older ones while they fit the limit
        // (four lines of a five-line night read as if the fifth never happened).
        const mine = lines.filter((l) => l.round === round);
        if (round !== rounds[0] && mine.length > left) left = 0;
        if (left <= 0) return nothing;
        left -= mine.length;
        return html`<h3>${phaseTitle(this.tr, { phase: "night", round })}</h3>
          <ol data-night=${round}>
            ${mine.map((l) => html`<li class=${l.kind} data-choice=${l.kind}>${l.text}</li>`)}
          </ol>`;
      })}`;
  }
}

customElements.define("mafia-night-choices", NightChoices);
