/**
 * Phones on the host console: per seat, whether it is connected on a phone or a paddle
 * (`host/devices`), its QR code, and a revoke button.
 *
 * The QR code encodes `/seat/?table=T&seat=N#k=PASSWORD` on the hub's `--public-url` when
 * it has one, else on this console's own origin, unless that is a loopback name no phone
 * can reach: then on the LAN address the pairing API names (`base`, ../pairing-origin.ts). The seat passwords come
 * from the hub's pairing API over HTTP with the host password (hub/web/pairing-http.ts), never
 * over MQTT. A revoke gives the seat a new password, closes its phone and its paddle, and
 * redraws its code; the paddle takes the new password from secrets.json.
 */
import { css, html, nothing } from "lit";
import QRCode from "qrcode";
import type { PublicSeat } from "../../../protocol/views.js";
import { phoneIcon } from "../components/phone-icon.js";
import type { TableConnection } from "../connection.js";
import { TableElement } from "../element.js";
import { LOOPBACK_NAMES, type PairingBase, pairingOrigin } from "../pairing-origin.js";
import { theme } from "../styles.js";
import { hostTheme } from "./host-styles.js";
import "../audience/audience-link.js";

/** The QR code's options; the browser test draws the same link with them to compare. */
export const QR_OPTIONS = { type: "svg", margin: 2, errorCorrectionLevel: "M" } as const;

/** The phone's pairing link for one seat, on the origin the console was opened by. */
export function seatLink(origin: string, table: string, seat: number, password: string): string {
  const query = new URLSearchParams({ table, seat: String(seat) });
  return `${origin}/seat/?${query}#k=${encodeURIComponent(password)}`;
}

interface SeatPassword {
  seat: number;
  password: string;
}

export class HostPairing extends TableElement {
  static override properties = {
    connection: { attribute: false },
    shown: { state: true },
    qr: { state: true },
    message: { state: true },
  };
  declare connection: TableConnection | null;
  /** The seat whose code is on screen. */
  declare shown: number | null;
  declare qr: string;
  declare message: string;
  private passwords = new Map<number, string>();
  /** The pairing API's `base` and `public`, once loaded. */
  private api: PairingBase | null = null;

  constructor() {
    super();
    this.connection = null;
    this.shown = null;
    this.qr = "";
    this.message = "";
  }

  static override styles = [
    theme,
    hostTheme,
    css`
      .hint {
        color: var(--ink-dim);
        font-size: 14px;
        margin: 0 0 8px;
      }
      .warn {
        color: var(--amber);
      }
      .phone {
        color: var(--green);
        font-weight: 700;
      }
      .off {
        color: var(--ink-faint);
      }
      figure {
        margin: 10px 0 0;
        display: flex;
        gap: 16px;
        align-items: center;
      }
      figure img {
        width: 220px;
        height: 220px;
        background: #fff;
        border-radius: 8px;
      }
      .msg {
        margin-top: 8px;
        font-size: 14px;
      }
    `,
  ];

  override render() {
    const s = this.snapshot?.state;
    if (!s) return nothing;
    const t = this.tr.t;
    const local = LOOPBACK_NAMES.includes(new URL(pairingOrigin(location, this.api)).hostname);
    return html`<section>
      <h2>${t("pair.title")}</h2>
      <p class="hint">${t("pair.hint")}</p>
      ${local ? html`<p class="hint warn" data-warn="localhost">${t("pair.localhost")}</p>` : nothing}
      <table>
        <tbody>
          ${s.seats.map((seat) => this.row(seat))}
        </tbody>
      </table>
      ${this.shown !== null && this.qr ? this.code(this.shown) : nothing}
      ${this.message ? html`<div class="msg" role="status">${this.message}</div>` : nothing}
      <mafia-audience-link .connection=${this.connection} table=${this.snapshot?.table ?? ""}></mafia-audience-link>
    </section>`;
  }

  private row(seat: PublicSeat) {
    const t = this.tr.t;
    const d = this.snapshot?.devices?.seats.find((x) => x.seat === seat.seat);
    const parts: unknown[] = [];
    if (d?.phones)
      parts.push(html`${phoneIcon} ${t("pair.phone")}${d.phones > 1 ? ` ×${d.phones}` : ""}`);
    if (d?.paddles) parts.push(`${t("pair.paddle")}${d.paddles > 1 ? ` ×${d.paddles}` : ""}`);
    const open = this.shown === seat.seat;
    return html`<tr data-pair-seat=${seat.seat} data-phones=${d?.phones ?? 0} data-paddles=${d?.paddles ?? 0}>
      <td>${seat.seat}</td>
      <td>${seat.name}</td>
      <td class=${d?.phones ? "phone" : parts.length ? "" : "off"}>${parts.length ? parts.map((p, i) => (i > 0 ? html` · ${p}` : p)) : t("pair.none")}</td>
      <td>
        <button data-action="qr" @click=${() => this.toggle(seat.seat)}>${open ? t("pair.hide") : t("pair.show")}</button>
        <button class="danger" data-action="revoke" @click=${() => this.revoke(seat.seat)}>${t("pair.revoke")}</button>
      </td>
    </tr>`;
  }

  private code(seat: number) {
    const link = this.link(seat);
    return html`<figure data-qr-seat=${seat} data-link=${link ?? ""}>
      <img alt=${this.tr.t("pair.scan", { n: seat })} src=${`data:image/svg+xml;utf8,${encodeURIComponent(this.qr)}`} />
      <figcaption>${this.tr.t("pair.scan", { n: seat })}</figcaption>
    </figure>`;
  }

  private link(seat: number): string | null {
    const password = this.passwords.get(seat);
    const table = this.snapshot?.table;
    return password && table
      ? seatLink(pairingOrigin(location, this.api), table, seat, password)
      : null;
  }

  private async toggle(seat: number): Promise<void> {
    if (this.shown === seat) {
      this.shown = null;
      this.qr = "";
      return;
    }
    if (!this.passwords.has(seat) && !(await this.load())) return;
    await this.draw(seat);
  }

  private async draw(seat: number): Promise<void> {
    const link = this.link(seat);
    if (!link) return;
    this.qr = await QRCode.toString(link, QR_OPTIONS);
    this.shown = seat;
  }

  private async load(): Promise<boolean> {
    const table = this.snapshot?.table;
    if (!this.connection || !table) return false;
    const r = await this.call(`/api/pairing?table=${encodeURIComponent(table)}`, "GET");
    if (!r) return false;
    const body = r as { seats: SeatPassword[]; base?: string; public?: boolean };
    for (const s of body.seats) this.passwords.set(s.seat, s.password);
    this.api = { base: body.base, public: body.public };
    return true;
  }

  private async revoke(seat: number): Promise<void> {
    const table = this.snapshot?.table;
    if (!table || !confirm(this.tr.t("pair.confirmRevoke", { n: seat }))) return;
    const query = new URLSearchParams({ table, seat: String(seat) });
    const r = await this.call(`/api/pairing/revoke?${query}`, "POST");
    if (!r) return;
    const { password, closed } = r as { password: string; closed: number };
    this.passwords.set(seat, password);
    this.message = this.tr.t("pair.revoked", { n: seat, closed });
    if (this.shown === seat) await this.draw(seat);
  }

  /** One request to the pairing API; a refusal is shown in words and gives null. */
  private async call(path: string, method: "GET" | "POST"): Promise<unknown> {
    const conn = this.connection;
    if (!conn) return null;
    try {
      const r = await conn.fetchAuthorized(path, { method });
      const body = (await r.json()) as { error?: string };
      if (!r.ok) {
        this.message = this.tr.t("pair.failed", { error: body.error ?? r.status });
        return null;
      }
      return body;
    } catch (err) {
      this.message = this.tr.t("pair.failed", { error: (err as Error).message });
      return null;
    }
  }
}

customElements.define("host-pairing", HostPairing);
