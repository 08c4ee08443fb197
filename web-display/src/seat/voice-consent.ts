/**
 * The player's consent to being heard (issue 26): off until he turns it on, on this page
 * only (a reload asks again). It says plainly that no sound leaves the phone, and shows
 * while the microphone is open. Turning it off closes the microphone at once.
 */
import { css, html, nothing } from "lit";
import { MafiaElement } from "../element.js";
import { theme } from "../styles.js";
import type { PhoneMic } from "./phone-mic.js";

export class VoiceConsent extends MafiaElement {
  static override properties = {
    mic: { attribute: false },
    failed: { state: true },
    busy: { state: true },
  };
  declare mic: PhoneMic | null;
  declare failed: boolean;
  declare busy: boolean;

  constructor() {
    super();
    this.mic = null;
    this.failed = false;
    this.busy = false;
  }

  static override styles = [
    theme,
    css`
      :host {
        display: block;
        padding: 6px 14px 12px;
        font-size: 14px;
      }
      label {
        display: flex;
        align-items: center;
        gap: 10px;
        font-weight: 700;
      }
      input {
        width: 22px;
        height: 22px;
      }
      p {
        margin: 4px 0 0;
        color: var(--ink-dim);
      }
      .on {
        color: var(--gold);
        font-weight: 800;
      }
    `,
  ];

  private async toggle(e: Event): Promise<void> {
    const mic = this.mic;
    if (!mic) return;
    const wanted = (e.target as HTMLInputElement).checked;
    this.failed = false;
    if (!wanted) {
      mic.stop();
      this.requestUpdate();
      return;
    }
    this.busy = true;
    try {
      await mic.start();
    } catch {
      this.failed = true; // refused by the player or the browser: stays off
    }
    this.busy = false;
  }

  override render() {
    const t = this.tr.t;
    if (!this.mic) return nothing;
    const on = this.mic.listening;
    return html`<section data-voice=${on ? "on" : "off"}>
      <label>
        <input type="checkbox" data-action="voice-consent" .checked=${on} ?disabled=${this.busy}
          @change=${(e: Event) => void this.toggle(e)} />
        ${t("voice.consent")}
      </label>
      <p>${t("voice.private")}</p>
      ${on ? html`<p class="on" data-mic="on">● ${t("voice.micOn")}</p>` : nothing}
      ${this.failed ? html`<p data-mic="refused">${t("voice.refused")}</p>` : nothing}
    </section>`;
  }
}

customElements.define("seat-voice-consent", VoiceConsent);
