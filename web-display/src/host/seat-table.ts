/**
 * Every seat with what the table knows, its sensors and fouls as the host sees them, and the
 * host's foul and remove buttons per seat.
 */
import { css, html, nothing } from "lit";
import { readExtras } from "../../../protocol/extras.js";
import type { PublicSeat } from "../../../protocol/views.js";
import type { CommandBody } from "../connection.js";
import { TableElement } from "../element.js";
import { seatRef } from "../i18n/index.js";
import { theme } from "../styles.js";
import { hostTheme } from "./host-styles.js";
import { foulCell, sensorCells } from "./seat-cells.js";

function foulCauses(extras: Record<string, unknown>): string[] {
  return readExtras(extras).foulCauses ?? ["other"];
}

export class HostSeats extends TableElement {
  static override styles = [
    theme,
    hostTheme,
    css`
      .num {
        font-weight: 800;
        font-size: 18px;
      }
      .out {
        color: #ff8a80;
        font-weight: 700;
      }
      .on {
        color: var(--green);
      }
      .off {
        color: var(--ink-faint);
      }
      .act {
        display: flex;
        gap: 6px;
      }
      input[name="reason"] {
        width: 120px;
      }
      td {
        vertical-align: top;
      }
      .at {
        font-size: 13px;
        color: var(--ink-dim);
        font-variant-numeric: tabular-nums;
      }
      .watch {
        font-size: 12px;
        color: var(--ink-dim);
      }
      .watch.eye {
        color: var(--amber);
        font-weight: 700;
      }
      .sensor .down {
        color: var(--green);
        font-weight: 700;
      }
      .fouls .n {
        font-size: 20px;
        font-weight: 800;
      }
      .fouls .warn {
        margin-left: 6px;
        padding: 1px 8px;
        border-radius: 10px;
        background: var(--amber);
        color: #1b1000;
        font-weight: 800;
        font-size: 13px;
      }
      .fouls .warn.out {
        background: var(--red);
        color: #fff;
      }
      .causes {
        margin: 4px 0 0;
        padding-left: 18px;
        font-size: 14px;
        overflow-wrap: anywhere;
      }
    `,
  ];

  override render() {
    const s = this.snapshot?.state;
    if (!s) return nothing;
    const t = this.tr.t;
    const causes = foulCauses(s.extras);
    const live = s.phase === "day" || s.phase === "night";
    // Sensors carry rules only where the manifest says so (votes by thumbs, blindfolds at night).
    const caps = this.manifest?.capabilities;
    const sensors = caps?.thumbSensors === true || caps?.blindfoldSensors === true;
    return html`<section>
      <h2>${t("host.seats")}</h2>
      <table>
        <thead><tr>
          <th>#</th><th>${t("host.name")}</th><th></th><th></th>
          ${sensors ? html`<th>${t("host.thumb")}</th><th>${t("host.blindfold")}</th>` : nothing}
          <th>${t("ui.fouls")}</th><th></th><th></th>
        </tr></thead>
        <tbody>
          ${s.seats.map((seat) => this.row(seat, causes, live, sensors))}
        </tbody>
      </table>
    </section>`;
  }

  private row(seat: PublicSeat, causes: string[], live: boolean, sensors: boolean) {
    const t = this.tr.t;
    const can = live && seat.alive;
    const view = this.snapshot?.hostView;
    // A seat in play that dropped is waited for (the app's disconnectGraceSeconds, a paddle's retry).
    const presence = seat.online ? "online" : live && seat.alive ? "reconnecting" : "offline";
    return html`<tr data-seat=${seat.seat}>
      <td class="num">${seat.seat}</td>
      <td>${seat.name}</td>
      <td class=${seat.online ? "on" : "off"} data-presence=${presence}>${t(`ui.${presence}`)}</td>
      <td class=${seat.out ? "out" : ""}>${seat.out ? t(`out.${seat.out}`, undefined, seat.out) : t("ui.inPlay")}</td>
      ${
        sensors
          ? sensorCells(
              this.tr,
              view?.seats.find((x) => x.seat === seat.seat),
            )
          : nothing
      }
      ${foulCell(this.tr, seat.fouls, view?.fouls[String(seat.seat)] ?? [])}
      <td>
        <form class="act" @submit=${(e: SubmitEvent) => this.foul(e, seat.seat)}>
          <select name="cause" aria-label=${t("host.foul")}>
            ${causes.map((c) => html`<option value=${c}>${t(`foul.${c}`, undefined, c)}</option>`)}
          </select>
          <button type="submit" data-action="foul" ?disabled=${!can}>${t("host.foul")}</button>
        </form>
      </td>
      <td>
        <form class="act" @submit=${(e: SubmitEvent) => this.removeSeat(e, seat.seat)}>
          <input name="reason" maxlength="200" placeholder=${t("host.reason")} aria-label=${t("host.reason")} />
          <label title=${t("host.showCauseAbout")}><input type="checkbox" name="show" data-show-cause /> ${t("host.showCause")}</label>
          <button type="submit" class="danger" data-action="remove" ?disabled=${!can}
            title=${seatRef(this.tr, this.snapshot?.state?.seats ?? [], seat.seat)}>${t("host.remove")}</button>
        </form>
      </td>
    </tr>`;
  }

  private fields(e: SubmitEvent): FormData {
    e.preventDefault();
    return new FormData(e.target as HTMLFormElement);
  }

  private foul(e: SubmitEvent, seat: number): void {
    const cause = String(this.fields(e).get("cause") ?? "other");
    this.emit<CommandBody>("host-command", { cmd: "foul", seat, cause });
  }

  private removeSeat(e: SubmitEvent, seat: number): void {
    const fields = this.fields(e);
    const reason = String(fields.get("reason") ?? "").trim();
    // The table hears why only where the judge ticks it (issue 24; or the table's option).
    const show = fields.get("show") === "on";
    const who = seatRef(this.tr, this.snapshot?.state?.seats ?? [], seat);
    if (!confirm(this.tr.t("host.confirmRemove", { who }))) return;
    this.emit<CommandBody>("host-command", {
      cmd: "remove",
      seat,
      ...(reason ? { reason } : {}),
      ...(show ? { show } : {}),
    });
  }
}

customElements.define("host-seats", HostSeats);
