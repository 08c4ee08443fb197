/**
 * On the host console, under the phones: the audience screen's link and QR code, for the
 * hall's screen or the streaming computer. Its key comes from the pairing API with the
 * host password (hub/web/pairing-http.ts), so only the host can hand it out; it rides in the
 * link's fragment, which no browser sends to a server. `?overlay=1` is the stream overlay.
 */
import { css, html, nothing } from "lit";
import QRCode from "qrcode";
import type { TableConnection } from "../connection.js";
import { MafiaElement } from "../element.js";
import { type PairingBase, pairingOrigin } from "../pairing-origin.js";
import { theme } from "../styles.js";

/** The audience screen's link on `origin`; `overlay` for streaming software. */
export function audienceLink(origin: string, table: string, key: string, overlay = false): string {
  const query = new URLSearchParams({ table, ...(overlay ? { overlay: "1" } : {}) });
  return `${origin}/audience/?${query}#k=${encodeURIComponent(key)}`;
}

export class AudienceLink extends MafiaElement {
  static override properties = {
    connection: { attribute: false },
    table: { type: String },
    link: { state: true },
    qr: { state: true },
    error: { state: true },
  };
  declare connection: TableConnection | null;
  declare table: string;
  declare link: string;
  declare qr: string;
  declare error: string;

  constructor() {
    super();
    this.connection = null;
    this.table = "";
    this.link = "";
    this.qr = "";
    this.error = "";
  }

  static override styles = [
    theme,
    css`
      :host {
        display: block;
        margin-top: 12px;
      }
      h3 {
        font-size: 14px;
        margin: 0 0 4px;
      }
      p {
        color: var(--ink-dim);
        font-size: 14px;
        margin: 0 0 8px;
      }
      button {
        font: inherit;
        font-size: 15px;
        font-weight: 700;
        color: var(--ink);
        background: #232a36;
        border: 1px solid var(--panel-edge);
        border-radius: 6px;
        padding: 6px 10px;
        cursor: pointer;
      }
      figure {
        margin: 10px 0 0;
        display: flex;
        gap: 16px;
        align-items: center;
        flex-wrap: wrap;
      }
      img {
        width: 180px;
        height: 180px;
        background: #fff;
        border-radius: 8px;
      }
      a {
        color: var(--gold);
        overflow-wrap: anywhere;
      }
      .err {
        color: var(--red);
      }
    `,
  ];

  override render() {
    const t = this.tr.t;
    return html`<h3>${t("pair.audience")}</h3>
      <p>${t("pair.audienceHint")}</p>
      <button data-action="audience-link" @click=${this.toggle}>
        ${this.link ? t("pair.hide") : t("pair.show")}
      </button>
      ${
        this.link
          ? html`<figure data-audience-link=${this.link}>
              <img alt=${t("pair.audience")} src=${`data:image/svg+xml;utf8,${encodeURIComponent(this.qr)}`} />
              <figcaption><a href=${this.link} target="_blank" rel="noreferrer">${t("pair.audience")}</a></figcaption>
            </figure>`
          : nothing
      }
      ${this.error ? html`<p class="err" role="status">${this.error}</p>` : nothing}`;
  }

  private async toggle(): Promise<void> {
    if (this.link) {
      this.link = "";
      return;
    }
    const conn = this.connection;
    if (!conn || !this.table) return;
    try {
      const r = await conn.fetchAuthorized(`/api/pairing?table=${encodeURIComponent(this.table)}`);
      const body = (await r.json()) as PairingBase & { audience?: string; error?: string };
      if (!r.ok || !body.audience) {
        this.error = this.tr.t("pair.failed", { error: body.error ?? r.status });
        return;
      }
      const link = audienceLink(pairingOrigin(location, body), this.table, body.audience);
      this.qr = await QRCode.toString(link, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
      this.error = "";
      this.link = link;
    } catch (err) {
      this.error = this.tr.t("pair.failed", { error: (err as Error).message });
    }
  }
}

customElements.define("mafia-audience-link", AudienceLink);
