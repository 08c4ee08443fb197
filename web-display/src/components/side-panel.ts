/** Beside the oval: the nominations in order, the announcements, and at the end the roles. */
import { css, html, nothing } from "lit";
import { TableElement } from "../element.js";
import { announcement, ordinal, roleName, seatRef } from "../i18n/index.js";
import { theme } from "../styles.js";
import "./forum-news.js";
import { teamOfRole } from "../teams.js";

export class SidePanel extends TableElement {
  static override properties = { limit: { type: Number } };
  declare limit: number;

  constructor() {
    super();
    this.limit = 6;
  }

  static override styles = [
    theme,
    css`
      :host {
        display: flex;
        flex-direction: column;
        gap: 2.4vh;
        height: 100%;
        overflow: hidden;
      }
      h2 {
        margin: 0 0 1vh;
        font-size: 2.3vh;
        text-transform: uppercase;
        letter-spacing: 0.14em;
        color: var(--ink-dim);
        font-weight: 700;
      }
      .noms {
        display: flex;
        flex-wrap: wrap;
        gap: 1vh;
        align-items: center;
      }
      .nom {
        display: inline-flex;
        align-items: baseline;
        gap: 0.8vh;
        padding: 0.4vh 1.4vh;
        border-radius: 1vh;
        background: var(--amber);
        color: #1a1200;
      }
      .nom .ord {
        font-size: 2.2vh;
        font-weight: 700;
      }
      .nom b {
        font-size: 3.6vh;
        font-weight: 800;
      }
      .sep {
        font-size: 3vh;
        color: var(--ink-faint);
        margin-left: -0.8vh;
      }
      .none {
        font-size: 2.6vh;
        color: var(--ink-faint);
      }
      ol {
        list-style: none;
        margin: 0;
        padding: 0;
        display: flex;
        flex-direction: column;
        gap: 1.1vh;
      }
      .log li {
        font-size: 2.4vh;
        line-height: 1.3;
        color: var(--ink-dim);
        border-left: 0.5vh solid var(--panel-edge);
        padding-left: 1.2vh;
      }
      .log li:first-child {
        font-size: 3.1vh;
        color: var(--ink);
        font-weight: 700;
        border-left-color: var(--gold);
      }
      /* A big table's roles in two columns, so that every seat's shows at the end. */
      .roles.two {
        display: grid;
        grid-template-columns: 1fr 1fr;
        column-gap: 1vh;
      }
      .roles.two li {
        font-size: calc(var(--roles-fit, 1) * 2.1vh);
        min-width: 0;
      }
      .roles.two li {
        flex-wrap: wrap;
      }
      .roles.two li b {
        margin-left: auto;
      }
      .roles li {
        display: flex;
        gap: 0.8vh;
        justify-content: space-between;
        font-size: calc(var(--roles-fit, 1) * 2.5vh);
        padding: 0.35vh 1vh;
        border-radius: 0.6vh;
        background: #3a1512;
      }
      .roles li.team-mafia {
        background: #000;
        border: 0.2vh solid #555;
      }
      .roles b {
        font-weight: 800;
      }
      .proof {
        font-size: 1.4vh;
        color: var(--ink-faint);
        word-break: break-all;
      }
    `,
  ];

  /** Its box changes with the texts below it (the display's column): fit again then. */
  private readonly sizes = new ResizeObserver(() => this.updated());

  override connectedCallback(): void {
    super.connectedCallback();
    this.sizes.observe(this);
  }

  override disconnectedCallback(): void {
    this.sizes.disconnect();
    super.disconnectedCallback();
  }

  /**
   * The roles at the end fit the panel whole: their type shrinks step by step (never below
   * 60%) while the list runs past the panel's bottom or a role name is wider than its cell
   * (long role names in German and Russian, 20 seats, a short window). Announcements that
   * would show only in part below the panel's edge are left out whole.
   */
  override updated(): void {
    this.fitRoles();
    // Measured shown: a log hidden by the last update would give its items no box at all.
    const log = this.renderRoot.querySelector<HTMLElement>(".log");
    if (log) log.style.display = "";
    const items = [...this.renderRoot.querySelectorAll<HTMLElement>(".log li")];
    for (const li of items) li.style.display = "";
    const bottom = this.getBoundingClientRect().bottom;
    for (const li of items)
      if (li.getBoundingClientRect().bottom > bottom + 1) li.style.display = "none";
    // No announcement room at all (a big table's roles at the end): no heading over nothing.
    if (log) log.style.display = items.some((li) => li.style.display === "") ? "" : "none";
  }

  private fitRoles(): void {
    const list = this.renderRoot.querySelector<HTMLElement>(".roles");
    if (!list) return;
    const bottom = this.getBoundingClientRect().bottom;
    const cells = [...list.querySelectorAll<HTMLElement>("li")];
    const cut = () =>
      list.getBoundingClientRect().bottom > bottom + 1 ||
      cells.some((li) => li.scrollWidth > li.clientWidth + 1);
    for (let fit = 1; fit >= 0.6; fit -= 0.1) {
      list.style.setProperty("--roles-fit", fit.toFixed(1));
      if (!cut()) return;
    }
  }

  override render() {
    const s = this.snapshot?.state;
    if (!s) return nothing;
    const t = this.tr.t;
    const ended = s.phase === "ended";
    // At the end the roles take the room: two announcements fit under them uncut.
    // Published texts (forum-news.ts) take room too: fewer announcements.
    const texts = this.manifest?.capabilities.textInputs === true;
    const shown = ended ? Math.min(2, this.limit) : texts ? Math.min(3, this.limit) : this.limit;
    const log = [...(this.snapshot?.announcements ?? [])].reverse().slice(0, shown);
    const top = texts ? html`<mafia-forum-news></mafia-forum-news>` : this.nominations();
    return html`${ended && s.roles ? this.roles() : top}
      <section class="log">
        <h2>${t("ui.announcements")}</h2>
        <ol>
          ${log.map((a) => html`<li data-key=${a.key}>${announcement(this.tr, a, s.seats, s.ruleset)}</li>`)}
        </ol>
      </section>`;
  }

  /** The day's nominations in order, where the ruleset's manifest says seats nominate. */
  private nominations() {
    const s = this.snapshot?.state;
    if (s?.phase !== "day" || this.manifest?.capabilities.nominations !== true) return nothing;
    const t = this.tr.t;
    return html`<section>
      <h2>${t("ui.nominations")}</h2>
      <div class="noms" data-nominations=${s.nominations.join(",")}>
        ${
          s.nominations.length === 0
            ? html`<span class="none">${t("ui.noNominations")}</span>`
            : s.nominations.map(
                // An order, not a move between seats: "1st 3, 2nd 1".
                (n, i) =>
                  html`<span class="nom" data-order=${i + 1}
                      ><span class="ord">${ordinal(this.tr.lang, i + 1)}</span> <b>${n}</b></span
                    >${i < s.nominations.length - 1 ? html`<span class="sep">, </span>` : nothing}`,
              )
        }
      </div>
    </section>`;
  }

  private roles() {
    const s = this.snapshot?.state;
    if (!s?.roles) return nothing;
    const roles = s.roles;
    return html`<section>
      <h2>${this.tr.t("ui.roles")}</h2>
      <ol class="roles ${s.seats.length > 10 ? "two" : ""}">
        ${s.seats.map((seat) => {
          const role = roles[String(seat.seat)] ?? "";
          const team = teamOfRole(this.manifest, role) ?? "none";
          return html`<li class="team-${team}">
            <span>${seatRef(this.tr, s.seats, seat.seat)}</span><b>${roleName(this.tr, s.ruleset, role)}</b>
          </li>`;
        })}
      </ol>
      ${
        s.deal
          ? html`<p class="proof">${this.tr.t("ui.dealProof", { commitment: s.deal.commitment })}</p>`
          : nothing
      }
    </section>`;
  }
}

customElements.define("mafia-side-panel", SidePanel);
