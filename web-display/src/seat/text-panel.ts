/**
 * The phone's texts (forum): the will with its recipients, a newspaper ad under a
 * pseudonym, handing a pseudonym over, and (the holder of the boss's office) the death
 * message, which waits for the moment every phone sends its one message of the night
 * (FORUM-QUIET-02, the firmware's night-message.ts); the wills left to this seat, and the published papers. Shown only where the
 * hub publishes the seat's texts (`seat/{n}/text`).
 *
 * Closed by default and closed again when the phone is put away: a will or a pseudonym on
 * an open screen is a secret in plain sight. Everything a player wrote is bound as text
 * (Lit escapes it), never as markup. Limits are the protocol's, counted as it counts them,
 * so a text over the limit is refused here with the count shown, not cut.
 */
import { css, html, nothing } from "lit";
import { MESSAGE_LEAD_MS } from "../../../firmware-sim/firmware/night-message.js";
import { TEXT_LIMITS, textLength } from "../../../protocol/text.js";
import { MafiaElement } from "../element.js";
import { seatRef } from "../i18n/index.js";
import { theme } from "../styles.js";
import type { SeatSession } from "./seat-session.js";
import "../components/text-board.js";

export class TextPanel extends MafiaElement {
  static override properties = {
    session: { attribute: false },
    tick: { type: Number },
    open: { type: Boolean, reflect: true },
  };
  declare session: SeatSession | null;
  declare tick: number;
  declare open: boolean;
  /** Recipients ticked for the will (empty: published). */
  private to = new Set<number>();
  /** The seat chosen to receive each pseudonym (the first offered until one is chosen). */
  private handTo = new Map<string, number>();

  constructor() {
    super();
    this.session = null;
    this.tick = 0;
    this.open = false;
    document.addEventListener("visibilitychange", () => {
      if (document.hidden) this.open = false;
    });
  }

  static override styles = [
    theme,
    css`
      :host {
        display: block;
        padding: 8px 16px 16px;
        font-size: 16px;
      }
      section {
        border-top: 1px solid var(--panel-edge);
        padding: 8px 0;
      }
      h3 {
        margin: 4px 0;
        font-size: 15px;
        color: var(--gold);
      }
      textarea,
      input,
      select {
        width: 100%;
        box-sizing: border-box;
        font: inherit;
        margin: 4px 0;
      }
      textarea {
        min-height: 4.5em;
      }
      .row {
        display: flex;
        gap: 8px;
        align-items: center;
        flex-wrap: wrap;
      }
      .row input,
      .row select {
        width: auto;
        flex: 1;
      }
      .dim {
        color: var(--ink-dim);
        font-size: 14px;
      }
      .text {
        white-space: pre-wrap;
        overflow-wrap: anywhere;
      }
      .error {
        color: #ff6b5e;
      }
      label.to {
        display: inline-flex;
        gap: 4px;
        margin-right: 10px;
      }
      label.to input {
        width: auto;
      }
    `,
  ];

  private field(name: string): string {
    const el = this.renderRoot.querySelector<HTMLInputElement | HTMLTextAreaElement>(
      `[name="${name}"]`,
    );
    return el?.value ?? "";
  }

  /** The length check the hub makes; true if the text may go. */
  private fits(name: string, text: string, max: number): boolean {
    const n = textLength(text.trim());
    this.renderRoot.querySelector(`[data-count="${name}"]`)?.classList.toggle("error", n > max);
    return n <= max;
  }

  private send(kind: "will" | "ad" | "pseudonym" | "message", fields: Record<string, unknown>) {
    this.session?.sendText(kind, fields);
    this.requestUpdate();
  }

  private saveWill(withdraw: boolean): void {
    const text = withdraw ? "" : this.field("will");
    if (!this.fits("will", text, TEXT_LIMITS.will)) return;
    this.send("will", { text, to: this.to.size > 0 ? [...this.to].sort((a, b) => a - b) : null });
  }

  private placeAd(): void {
    const text = this.field("ad");
    const pseudonym = this.field("pseudonym");
    if (!this.fits("ad", text, TEXT_LIMITS.ad)) return;
    if (!this.fits("pseudonym", pseudonym, TEXT_LIMITS.pseudonym)) return;
    this.send("ad", { text, pseudonym });
  }

  private handOver(pseudonym: string, first: number | undefined): void {
    const to = this.handTo.get(pseudonym) ?? first;
    if (to !== undefined) this.send("pseudonym", { pseudonym, to });
  }

  /** FORUM-QUIET-02: held until every seat sends its one message of the night (the firmware's night-message.ts). */
  private sendMessage(): void {
    const text = this.field("message");
    if (!this.fits("message", text, TEXT_LIMITS.message) || !this.session) return;
    this.session.answer = null;
    this.session.writeMessage(text);
    this.requestUpdate();
  }

  private count(name: keyof typeof TEXT_LIMITS) {
    return html`<span class="dim" data-count=${name}>${this.tr.t("text.chars", {
      n: 0,
      max: TEXT_LIMITS[name],
    })}</span>`;
  }

  private counted(e: Event, name: keyof typeof TEXT_LIMITS): void {
    const value = (e.target as HTMLInputElement | HTMLTextAreaElement).value;
    const el = this.renderRoot.querySelector(`[data-count="${name}"]`);
    const n = textLength(value.trim());
    if (el) el.textContent = this.tr.t("text.chars", { n, max: TEXT_LIMITS[name] });
    el?.classList.toggle("error", n > TEXT_LIMITS[name]);
  }

  override render() {
    const s = this.session;
    const mine = s?.mine;
    if (!s || !mine) return nothing;
    const t = this.tr.t;
    if (!this.open)
      return html`<button data-action="open-texts" @click=${() => {
        this.open = true;
      }}>${t("text.title")}</button>`;
    const seats = s.state?.seats ?? [];
    const name = (n: number) => seatRef(this.tr, seats, n);
    const others = seats.filter((x) => x.alive && x.seat !== s.pairing.seat);
    const answer = s.answer;
    return html`<button data-action="close-texts" @click=${() => {
      this.open = false;
    }}>${t("text.title")} ▴</button>
      ${answer && !answer.ok ? html`<div class="error" data-error=${answer.error}>${t(`error.${answer.error}`, {}, answer.error)}</div>` : nothing}
      <section data-part="will">
        <h3>${t("text.will")}</h3>
        <div class="dim">${t("text.willHint")}</div>
        ${mine.will ? html`<div class="dim">${t("text.saved")}</div><div class="text" data-saved="will">${mine.will.text}</div>` : html`<div class="dim">${t("text.noWill")}</div>`}
        <textarea name="will" @input=${(e: Event) => this.counted(e, "will")}></textarea>
        ${this.count("will")}
        <div>${t("text.willTo")}: ${others.map(
          (x) => html`<label class="to"><input type="checkbox" data-to=${x.seat}
              .checked=${this.to.has(x.seat)} @change=${(e: Event) => {
                if ((e.target as HTMLInputElement).checked) this.to.add(x.seat);
                else this.to.delete(x.seat);
              }}>${name(x.seat)}</label>`,
        )}</div>
        <div class="row">
          <button data-action="save-will" @click=${() => this.saveWill(false)}>${t("text.save")}</button>
          <button data-action="withdraw-will" @click=${() => this.saveWill(true)}>${t("text.withdraw")}</button>
        </div>
      </section>
      <section data-part="ad">
        <h3>${t("text.ad")}</h3>
        <div class="dim">${t("text.adsLeft", { n: mine.adsLeft })}</div>
        <input name="pseudonym" list="my-pseudonyms" placeholder=${t("text.pseudonym")}
          @input=${(e: Event) => this.counted(e, "pseudonym")}>
        ${this.count("pseudonym")}
        <datalist id="my-pseudonyms">${mine.pseudonyms.map((p) => html`<option value=${p}></option>`)}</datalist>
        <textarea name="ad" placeholder=${t("text.adText")} @input=${(e: Event) => this.counted(e, "ad")}></textarea>
        ${this.count("ad")}
        <button data-action="place-ad" ?disabled=${mine.adsLeft === 0} @click=${() => this.placeAd()}>${t("text.place")}</button>
        ${mine.pending.length > 0 ? html`<div class="dim">${t("text.pending")}</div>` : nothing}
        ${mine.pending.map((a) => html`<div class="text" data-pending><b>${a.pseudonym}</b> ${a.text}</div>`)}
      </section>
      ${
        mine.pseudonyms.length > 0
          ? this.pseudonyms(
              mine.pseudonyms,
              others.map((x) => x.seat),
              name,
            )
          : nothing
      }
      ${mine.mayMessage ? this.message(mine.message) : nothing}
      ${mine.received.length > 0 ? html`<section data-part="received"><h3>${t("text.received")}</h3>${mine.received.map((r) => html`<div class="text" data-from=${r.from}><b>${t("text.from", { seat: name(r.from) })}</b> ${r.text}</div>`)}</section>` : nothing}
      <section data-part="papers">
        <mafia-text-board .texts=${s.texts} .seats=${seats}></mafia-text-board>
      </section>`;
  }

  private pseudonyms(list: string[], to: number[], name: (n: number) => string) {
    const t = this.tr.t;
    return html`<section data-part="pseudonyms">
      <h3>${t("text.mine")}</h3>
      ${list.map(
        (p) => html`<div class="row">
          <b class="text">${p}</b><span>${t("text.handTo")}</span>
          <select data-pseudonym=${p} @change=${(e: Event) => {
            this.handTo.set(p, Number((e.target as HTMLSelectElement).value));
          }}>${to.map((n) => html`<option value=${n} ?selected=${this.handTo.get(p) === n}>${name(n)}</option>`)}</select>
          <button data-action="hand-over" @click=${() => this.handOver(p, to[0])}>${t("text.handOver")}</button>
        </div>`,
      )}
    </section>`;
  }

  /** Whether the written message waits for the night's common moment or has gone. */
  private messageStatus() {
    const m = this.session?.nightMessage;
    if (!m || m.draft === null) return nothing;
    const key = m.sent ? "text.messageGone" : "text.messageHeld";
    return html`<div class="dim" data-message-status=${m.sent ? "sent" : "held"}>${this.tr.t(key, { s: MESSAGE_LEAD_MS / 1000 })}</div>`;
  }

  private message(current: string | null) {
    const t = this.tr.t;
    return html`<section data-part="message">
      <h3>${t("text.message")}</h3>
      <div class="dim">${t("text.messageHint")}</div>
      ${current !== null ? html`<div class="text" data-saved="message">${current}</div>` : nothing}
      ${this.messageStatus()}
      <textarea name="message" @input=${(e: Event) => this.counted(e, "message")}></textarea>
      ${this.count("message")}
      <button data-action="send-message" @click=${() => this.sendMessage()}>${t("text.sendMessage")}</button>
    </section>`;
  }
}

customElements.define("seat-text-panel", TextPanel);
