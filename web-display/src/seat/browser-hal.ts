/**
 * The paddle's hardware interface (firmware/hal.ts) in a phone browser: the sensors and keys
 * are the screen's controls (SimHal's levels and callbacks, which the controls call), the
 * motor is the Vibration API, and where a phone cannot vibrate (no API, or the browser
 * refuses it) the screen echoes the motor instead. The firmware times every pattern itself,
 * exactly as on the ESP32: motor on, motor off. A phone has no blindfold sensor: its switch
 * is the player's word, and its hello says so (`blindfold-said`, SPORT-SENSE-01).
 */
import type { LedColor, Mic } from "../../../firmware-sim/firmware/hal.js";
import { SimHal } from "../../../firmware-sim/sim/node-hal.js";

/** Longer than any haptic pattern's "on" span; the firmware switches the motor off itself. */
const MOTOR_ON_MS = 2000;

export class BrowserHal extends SimHal {
  readonly blindfoldSaid = true;
  /** The motor is on and the phone could not vibrate: the screen shows it. */
  echo = false;
  /**
   * No microphone through the paddle firmware: the phone's own detector sends its voice
   * levels (issue 26). A Mic set here before the firmware starts would be sampled like a
   * paddle's envelope pin (firmware/voice.ts).
   */
  override mic: Mic | null = null;
  /** Called after any change the screen shows (motor, LED, a pattern felt). */
  onChange: () => void = () => undefined;

  constructor() {
    super((message) => console.debug(`paddle: ${message}`));
    this.onFeel = () => this.onChange();
  }

  override motor(on: boolean): void {
    super.motor(on);
    const vibrate =
      typeof navigator.vibrate === "function" ? navigator.vibrate.bind(navigator) : null;
    let felt = false;
    try {
      felt = vibrate ? vibrate(on ? MOTOR_ON_MS : 0) : false;
    } catch {
      felt = false; // a browser that throws instead of refusing
    }
    this.echo = on && !felt;
    this.onChange();
  }

  override led(color: LedColor): void {
    super.led(color);
    this.onChange();
  }

  override random(): number {
    const word = new Uint32Array(1);
    crypto.getRandomValues(word);
    return (word[0] as number) / 2 ** 32;
  }
}
