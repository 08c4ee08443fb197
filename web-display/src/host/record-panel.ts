/**
 * At a game's end: the game's record as the hub serves it to the host only
 * (`/record/{table}/latest`, docs/RECORD.md), fetched with the host password as a Bearer
 * token, so the browser never asks for it again. The sheet and the PDF open in a new tab
 * (opened on the click itself, so no pop-up blocker stops it); the JSON exports are saved.
 */
import { css, html, nothing } from "lit";
import type { RECORD_FORMATS } from "../../../protocol/manifest.js";
import { TableElement } from "../element.js";
import { theme } from "../styles.js";
import { hostTheme } from "./host-styles.js";

/** The formats the ruleset offers, from its manifest (mafiaratings: tournament games only). */
type Format = (typeof RECORD_FORMATS)[number];
const OPENED: ReadonlySet<Format> = new Set(["html", "pdf"]);

interface Fetched {
  format: Format;
  state: "loading" | "ok" | "err";
  detail: string;
}

export class HostRecordPanel extends TableElement {
  static override properties = {
    password: { attribute: false },
    last: { state: true },
  };

  declare password: string | null;
  declare last: Fetched | null;

  constructor() {
    super();
    this.password = null;
    this.last = null;
  }

  static override styles = [
    theme,
    hostTheme,
    css`
      .bar {
        display: flex;
        flex-wrap: wrap;
        gap: 10px;
      }
      .status {
        margin-top: 10px;
        color: var(--ink-dim);
        overflow-wrap: anywhere;
      }
      .status.err {
        color: #ff8a80;
      }
    `,
  ];

  override render() {
    const s = this.snapshot?.state;
    if (s?.phase !== "ended") return nothing;
    const t = this.tr.t;
    const last = this.last;
    return html`<section data-record>
      <h2>${t("host.record")}</h2>
      <div class="bar">
        ${(this.manifest?.capabilities.recordFormats ?? []).map(
          (f) => html`<button data-format=${f} ?disabled=${last?.state === "loading"}
            @click=${() => this.fetchRecord(f)}>${t(`host.record.${f}`)}</button>`,
        )}
      </div>
      ${
        last
          ? html`<div class="status ${last.state}" data-record-state=${last.state}
              data-record-format=${last.format}>${
                last.state === "loading"
                  ? t("host.waitingReply")
                  : last.state === "ok"
                    ? t("host.record.ready", { size: last.detail })
                    : t("host.record.failed", { why: last.detail })
              }</div>`
          : nothing
      }
    </section>`;
  }

  private async fetchRecord(format: Format): Promise<void> {
    // A tab opened now, during the click, is not a pop-up; it gets the record when it comes.
    const tab = OPENED.has(format) ? window.open("", "_blank") : null;
    this.last = { format, state: "loading", detail: "" };
    const table = this.snapshot?.table ?? "";
    const query = new URLSearchParams({ format, lang: this.tr.lang });
    try {
      const res = await fetch(`/record/${encodeURIComponent(table)}/latest?${query}`, {
        headers: { authorization: `Bearer ${this.password ?? ""}` },
        cache: "no-store",
      });
      if (!res.ok) throw new Error(`${res.status} ${(await res.text()).trim()}`);
      const blob = await res.blob();
      const url = URL.createObjectURL(blob);
      if (tab) tab.location.href = url;
      else this.save(url, `${table}.${format}`, res.headers.get("content-disposition"));
      // Long enough for the tab to load it; the blob holds every role, so it is let go.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      this.last = { format, state: "ok", detail: `${Math.ceil(blob.size / 1024)} KiB` };
    } catch (err) {
      tab?.close();
      this.last = { format, state: "err", detail: (err as Error).message };
    }
  }

  /** Saves under the hub's own file name (`t1-game-0003.mafiaratings.json`). */
  private save(url: string, fallback: string, disposition: string | null): void {
    const a = document.createElement("a");
    a.href = url;
    a.download = /filename="([^"]+)"/.exec(disposition ?? "")?.[1] ?? fallback;
    a.click();
  }
}

customElements.define("host-record-panel", HostRecordPanel);
