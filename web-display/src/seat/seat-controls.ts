/**
 * The paddle's sensors and keys as touch controls: the reveal button (held), big prev / ok
 * / next keys, the thumb area (held down = thumb up, released = down), and the blindfold
 * switch, which takes a second tap to confirm because a blindfold edge at night is a
 * peek in the rules, as the player says it. Every control goes through the firmware's hardware interface
 * (BrowserHal), so debouncing, the menu and the outbox are the paddle's own.
 *
 * One hand: the thumb holds the reveal button while a finger taps the keys. A browser makes
 * no click of a second finger's tap while the first is down, so a key acts on its own
 * pointer's up (a click counts only from a keyboard, `detail` 0).
 *
 * A phone that cannot vibrate echoes the motor on screen (BrowserHal.echo), but only as a
 * tiny, dim mark inside the held reveal button: a neighbour glancing at the table at night
 * sees nothing, and the player's own hand covers it. The firmware's LED colour (which says
 * e.g. that the seat is woken) is shown the same way, a small dot inside the held reveal
 * only: a lit dot in the header would be read across the table at night.
 *
 * The blindfold switch is the player's own statement (a phone has no sensor, SPORT-SENSE-01),
 * and its words say so; the second tap stays, against a slip of the finger.
 */
import { css, html, nothing } from "lit";
import type { Key } from "../../../firmware-sim/firmware/hal.js";
import { MafiaElement } from "../element.js";
import { theme } from "../styles.js";
import type { BrowserHal } from "./browser-hal.js";

/** Sent up (bubbling) while the reveal button is held (true) and when it is let go (false). */
export interface RevealDetail {
  revealed: boolean;
}

/** The firmware's LED colours, dimmed: seen only inside the held reveal button. */
const LED: Record<string, string> = {
  green: "#2f8f5a",
  amber: "#b8742a",
  red: "#a8382f",
  blue: "#3a6bb5",
  off: "#3a3f4a",
};

export class SeatControls extends MafiaElement {
  static override properties = {
    hal: { attribute: false },
    tick: { type: Number },
    confirming: { state: true },
    revealing: { state: true },
  };
  declare hal: BrowserHal | null;
  declare tick: number;
  declare confirming: boolean;
  declare revealing: boolean;

  constructor() {
    super();
    this.hal = null;
    this.tick = 0;
    this.confirming = false;
    this.revealing = false;
  }

  static override styles = [
    theme,
    css`
      :host {
        display: flex;
        flex-direction: column;
        gap: 10px;
        padding: 10px 12px 16px;
        user-select: none;
        -webkit-user-select: none;
        -webkit-touch-callout: none;
      }
      button {
        font: inherit;
        color: var(--ink);
        background: var(--panel);
        border: 2px solid var(--panel-edge);
        border-radius: 14px;
        touch-action: manipulation;
      }
      .reveal {
        min-height: 58px;
        font-size: 18px;
        font-weight: 700;
        touch-action: none;
      }
      .reveal[aria-pressed="true"] {
        border-color: var(--gold);
      }
      .reveal {
        position: relative;
      }
      .echo {
        position: absolute;
        right: 10px;
        top: 50%;
        width: 6px;
        height: 6px;
        margin-top: -3px;
        border-radius: 50%;
        background: rgba(255, 255, 255, 0.16);
      }
      .led {
        position: absolute;
        left: 10px;
        top: 50%;
        width: 8px;
        height: 8px;
        margin-top: -4px;
        border-radius: 50%;
      }
      .keys {
        display: grid;
        grid-template-columns: 1fr 1.3fr 1fr;
        gap: 10px;
      }
      .keys button {
        min-height: 84px;
        font-size: 24px;
        font-weight: 800;
      }
      .keys button[data-key="ok"] {
        background: #1f3b2b;
        border-color: var(--green);
      }
      .thumb {
        min-height: 130px;
        display: flex;
        align-items: center;
        justify-content: center;
        font-size: 20px;
        font-weight: 700;
        border-radius: 18px;
        border: 3px dashed var(--panel-edge);
        color: var(--ink-dim);
        touch-action: none;
      }
      .thumb[data-thumb="down"] {
        border-style: solid;
        border-color: var(--gold);
        color: var(--gold);
        background: rgba(242, 193, 78, 0.12);
      }
      .blindfold {
        display: flex;
        gap: 10px;
        align-items: center;
      }
      .blindfold span {
        flex: 1;
        color: var(--ink-dim);
      }
      .blindfold .said {
        font-size: 13px;
        color: var(--ink-dim);
      }
      .blindfold button {
        min-height: 48px;
        padding: 0 14px;
        font-size: 16px;
      }
      .blindfold button.confirm {
        border-color: var(--amber);
        color: var(--amber);
      }
    `,
  ];

  override render() {
    const hal = this.hal;
    if (!hal) return nothing;
    const t = this.tr.t;
    const on = hal.blindfoldLevel;
    return html`<button class="reveal" data-action="reveal" aria-pressed=${this.revealing}
        @pointerdown=${this.revealDown} @pointerup=${this.revealUp}
        @pointercancel=${this.revealUp} @lostpointercapture=${this.revealUp}
        @contextmenu=${(e: Event) => e.preventDefault()}>${t("phone.reveal")}${
          this.revealing && hal.echo ? html`<span class="echo" data-echo></span>` : nothing
        }${
          this.revealing
            ? html`<span class="led" data-led=${hal.led_}
                style="background:${LED[hal.led_] ?? LED.off}"></span>`
            : nothing
        }</button>
      <div class="keys">
        ${(["prev", "ok", "next"] as const).map(
          (key) =>
            html`<button data-key=${key} @pointerdown=${(e: PointerEvent) => this.keyDown(e, key)}
              @pointerup=${(e: PointerEvent) => this.keyUp(e, key)}
              @pointercancel=${(e: PointerEvent) => this.keyPointers.delete(e.pointerId)}
              @click=${(e: MouseEvent) => this.keyClick(e, key)}>${t(`phone.${key}`)}</button>`,
        )}
      </div>
      <div class="thumb" role="button" data-thumb=${hal.thumbLevel ? "down" : "up"}
        @pointerdown=${this.thumbDown} @pointerup=${this.thumbUp}
        @pointercancel=${this.thumbUp} @lostpointercapture=${this.thumbUp}
        @contextmenu=${(e: Event) => e.preventDefault()}>
        ${hal.thumbLevel ? t("phone.thumbUp") : t("phone.thumb")}
      </div>
      <div class="blindfold" data-blindfold=${on ? "on" : "off"}>
        <span>${on ? t("phone.blindfoldOn") : t("phone.blindfoldOff")}</span>
        <span class="said" data-said>${t("phone.blindfoldSaid")}</span>
        ${
          this.confirming
            ? html`<button class="confirm" data-action="blindfold-confirm" @click=${this.confirmBlindfold}>
                  ${t("phone.confirm")}</button>
                <button data-action="blindfold-cancel" @click=${() => (this.confirming = false)}>
                  ${t("phone.cancel")}</button>`
            : html`<button data-action="blindfold" @click=${() => (this.confirming = true)}>
                ${on ? t("phone.takeOff") : t("phone.putOn")}</button>`
        }
      </div>`;
  }

  private press(key: Key): void {
    this.hal?.press(key);
  }

  /** Which key each finger (pointer) went down on. */
  private readonly keyPointers = new Map<number, Key>();

  private keyDown(e: PointerEvent, key: Key): void {
    this.keyPointers.set(e.pointerId, key);
  }

  /** A finger lifted on the key it went down on presses it, whatever other finger is down. */
  private keyUp(e: PointerEvent, key: Key): void {
    const down = this.keyPointers.get(e.pointerId);
    this.keyPointers.delete(e.pointerId);
    if (down === key) this.press(key);
  }

  /** Enter or Space on a focused key (a click with `detail` 0); a pointer's click is done. */
  private keyClick(e: MouseEvent, key: Key): void {
    if (e.detail === 0) this.press(key);
  }

  private capture(e: PointerEvent): void {
    try {
      (e.currentTarget as Element).setPointerCapture(e.pointerId);
    } catch {
      // a synthetic event without a live pointer: nothing to capture
    }
  }

  private readonly revealDown = (e: PointerEvent) => {
    this.capture(e);
    this.reveal(true);
  };

  private readonly revealUp = () => this.reveal(false);

  private reveal(revealed: boolean): void {
    if (this.revealing === revealed) return;
    this.revealing = revealed;
    this.emit<RevealDetail>("reveal", { revealed });
  }

  private readonly thumbDown = (e: PointerEvent) => {
    this.capture(e);
    this.hal?.setThumb(true);
    this.requestUpdate();
  };

  private readonly thumbUp = () => {
    this.hal?.setThumb(false);
    this.requestUpdate();
  };

  private confirmBlindfold(): void {
    const hal = this.hal;
    this.confirming = false;
    if (hal) hal.setBlindfold(!hal.blindfoldLevel);
  }
}

customElements.define("seat-controls", SeatControls);
