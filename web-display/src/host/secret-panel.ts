/**
 * The host's secret view: roles, tonight's choices, checks. Marked so nobody mistakes it.
 * (Sensors are in the seat table, votes in the vote panel: neither is secret in itself.)
 */
import { css, html, nothing } from "lit";
import type { PublicState } from "../../../protocol/views.js";
import { TableElement } from "../element.js";
import type { HostNight, HostView } from "../host-view.js";
import { resultText, roleName, seatList, seatRef } from "../i18n/index.js";
import { theme } from "../styles.js";
import { hostTheme } from "./host-styles.js";
import { nightChoices } from "./night-choices.js";

export class HostSecrets extends TableElement {
  static override styles = [
    theme,
    hostTheme,
    css`
      section {
        border: 3px solid var(--red);
        background: repeating-linear-gradient(
          -45deg,
          #1d1113,
          #1d1113 14px,
          #22141a 14px,
          #22141a 28px
        );
      }
      .banner {
        background: var(--red);
        color: #fff;
        font-weight: 900;
        letter-spacing: 0.06em;
        padding: 8px 12px;
        border-radius: 6px;
        margin-bottom: 12px;
      }
      .black {
        font-weight: 800;
        color: #fff;
      }
      .red {
        color: #ff8a80;
        font-weight: 700;
      }
      ul {
        margin: 4px 0 12px;
        padding-left: 20px;
      }
      .mono {
        font-family: monospace;
        font-size: 12px;
        word-break: break-all;
        color: var(--ink-dim);
      }
    `,
  ];

  override render() {
    const view = this.snapshot?.hostView;
    const pub = this.snapshot?.state ?? view?.public;
    if (!view || !pub) return nothing;
    const t = this.tr.t;
    const seats = pub.seats;
    const ref = (n: number) => seatRef(this.tr, seats, n);
    const night = view.night;
    return html`<section data-secret="host">
      <div class="banner">${t("host.secret")}</div>
      <h2>${t("host.roles")}</h2>
      <table>
        <thead><tr><th>#</th><th>${t("host.roles")}</th><th>${t("host.checks")}</th></tr></thead>
        <tbody>
          ${view.seats.map(
            (s) => html`<tr data-seat=${s.seat}>
              <td>${ref(s.seat)}</td>
              <td class=${s.team === "mafia" ? "black" : "red"} data-role=${s.role ?? ""}>
                ${s.role ? roleName(this.tr, pub.ruleset, s.role) : "–"}</td>
              <td>${s.results.map(
                (r) =>
                  html`<div>${t("host.result", {
                    night: r.night,
                    seat: seatList(this.tr, seats, r.seats),
                    result: resultText(this.tr, pub.ruleset, r.key),
                  })}</div>`,
              )}</td>
            </tr>`,
          )}
        </tbody>
      </table>
      ${
        night && pub.phase === "night"
          ? html`<h2 style="margin-top:14px">${t("host.tonight")}</h2>
              <ul>${this.rolesOneByOne() ? this.sportNight(night, pub, view) : nightChoices(this.tr, seats, night.raw)}</ul>`
          : nothing
      }
      ${view.deal ? html`<h2 style="margin-top:14px">${t("host.deal")}</h2><div class="mono">${view.deal.commitment}</div>` : nothing}
    </section>`;
  }

  /**
   * A night that calls its roles one step each (sport: mafia, don, sheriff), read from the
   * manifest: the console lists who the step still waits for, the shots and the checks.
   */
  private rolesOneByOne(): boolean {
    return this.manifest?.steps.some((st) => st.kind === "night" && st.calls) ?? false;
  }

  /**
   * Who the current sport night step still waits for (host only): the living mafia who have
   * not shot (from night 1), the Don or the Sheriff who has not checked.
   */
  private stillToAct(night: HostNight, pub: PublicState, view: HostView): number[] {
    // The roles the step calls, as its manifest declares them.
    const calls = this.manifest?.steps.find((st) => st.id === pub.step)?.calls ?? [];
    const called = view.seats.filter((s) => s.alive && s.role !== null && calls.includes(s.role));
    // A step that calls only checkers (the Don's, the Sheriff's) waits for checks; one that
    // also calls seats who only shoot (the mafia's) waits for shots, from night 1.
    const roles = this.manifest?.roles.filter((r) => calls.includes(r.id)) ?? [];
    if (!roles.every((r) => r.abilities.includes("check")))
      return pub.round === 0
        ? []
        : called.filter((s) => !(String(s.seat) in night.shots)).map((s) => s.seat);
    return called.filter((s) => !night.checked.includes(s.seat)).map((s) => s.seat);
  }

  private sportNight(night: HostNight, pub: PublicState, view: HostView) {
    const t = this.tr.t;
    const seats = pub.seats;
    const ref = (n: number) => seatRef(this.tr, seats, n);
    const still = this.stillToAct(night, pub, view);
    return html`<li data-still=${still.join(",")}>${t("host.stillToAct")}: ${
      still.length === 0 ? t("host.nobody") : seatList(this.tr, seats, still)
    }</li>
      ${Object.entries(night.shots).map(
        ([by, targets]) =>
          html`<li data-shot=${by}>${t("host.shots")}: ${ref(Number(by))} → ${seatList(this.tr, seats, targets)}</li>`,
      )}
      <li data-kill=${night.kill ?? ""}>${t("host.kill")}: ${night.kill === null ? t("host.noKill") : ref(night.kill)}</li>
      <li>${t("host.checked")}: ${seatList(this.tr, seats, night.checked)}</li>`;
  }
}

customElements.define("host-secrets", HostSecrets);
