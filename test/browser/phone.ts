/**
 * A phone in the browser tests: its own Chromium context with a phone's viewport and touch
 * (`isMobile`, `hasTouch`), its WebSocket frames sniffed, and the player's hands: taps on
 * the big keys, the held reveal button and thumb area, the blindfold switch with its
 * confirmation. It reads what the phone shows, only while revealed where the page hides it.
 */
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import type { PublicState, SeatView } from "../../protocol/views.js";
import { MqttSniffer } from "./sniffer.js";

export const PHONE_VIEWPORT = { width: 390, height: 844 };

export interface Shown {
  /** The public step and title ("Night 1 — …"). */
  step: string;
  title: string;
  /** The menu: the question's action ("" when nothing is asked) and the item under the cursor. */
  action: string | null;
  item: string | null;
  armed: boolean;
  role: string | null;
  /** At night, while alive and revealed: whether the night woke this seat. */
  woken: boolean | null;
}

export class Phone {
  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    readonly sniffer: MqttSniffer,
  ) {}

  /** `cannotVibrate`: a device whose Vibration API refuses (the screen echoes haptics). */
  static async open(browser: Browser, link: string, cannotVibrate = false): Promise<Phone> {
    const context = await browser.newContext({
      viewport: PHONE_VIEWPORT,
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    if (cannotVibrate)
      await context.addInitScript(() => {
        Object.defineProperty(navigator, "vibrate", { value: () => false, configurable: true });
      });
    const page = await context.newPage();
    page.on("pageerror", (err) => {
      throw err;
    });
    const sniffer = new MqttSniffer(page);
    await page.goto(link);
    return new Phone(context, page, sniffer);
  }

  close(): Promise<void> {
    return this.context.close();
  }

  /**
   * The same phone opens its seat page again (a locked screen woken, a tab reopened): a new
   * page in the same browser context, whose localStorage holds the pairing, at the link
   * without its key.
   */
  async reopen(): Promise<Phone> {
    const url = new URL(this.page.url());
    url.hash = "";
    const page = await this.context.newPage();
    page.on("pageerror", (err) => {
      throw err;
    });
    const sniffer = new MqttSniffer(page);
    await page.goto(url.toString());
    return new Phone(this.context, page, sniffer);
  }

  /** The phone's link to the hub is up (its seat view arrived). */
  async online(timeout = 8000): Promise<void> {
    await this.page.locator('.phase[data-link="up"]').waitFor({ timeout });
  }

  private hold(target: Locator, down: boolean): Promise<void> {
    return target.dispatchEvent(down ? "pointerdown" : "pointerup", {
      pointerId: 7,
      pointerType: "touch",
      isPrimary: true,
    });
  }

  reveal(on: boolean): Promise<void> {
    return this.hold(this.page.locator('[data-action="reveal"]'), on);
  }

  thumb(down: boolean): Promise<void> {
    return this.hold(this.page.locator(".thumb"), down);
  }

  press(key: "prev" | "next" | "ok"): Promise<void> {
    return this.page.locator(`[data-key="${key}"]`).tap();
  }

  async blindfold(on: boolean): Promise<void> {
    const now = await this.page.locator("[data-blindfold]").getAttribute("data-blindfold");
    if ((now === "on") === on) return;
    await this.page.locator('[data-action="blindfold"]').tap();
    await this.page.locator('[data-action="blindfold-confirm"]').tap();
    await this.page.locator(`[data-blindfold="${on ? "on" : "off"}"]`).waitFor({ timeout: 3000 });
  }

  /** What the screen shows now (call while revealed to see the private part). */
  shown(): Promise<Shown> {
    return this.page.evaluate(() => {
      const app = document.querySelector("mafia-seat")?.shadowRoot;
      const screen = app?.querySelector("seat-screen")?.shadowRoot;
      const phase = app?.querySelector(".phase");
      const ask = screen?.querySelector(".ask");
      const item = screen?.querySelector("[data-item]");
      const role = screen?.querySelector("[data-role]");
      const woken = screen?.querySelector("[data-woken]");
      return {
        step: phase?.getAttribute("data-step") ?? "",
        title: (phase?.textContent ?? "").trim(),
        action: ask ? (ask.getAttribute("data-action") ?? "") : null,
        item: item?.getAttribute("data-item") ?? null,
        armed: item?.getAttribute("data-armed") === "true",
        role: role ? role.getAttribute("data-role") : null,
        woken: woken ? woken.getAttribute("data-woken") === "true" : null,
      };
    });
  }

  /** The private words of the seat-screen, as text (for checks of what is on screen). */
  screenText(): Promise<string> {
    return this.page.evaluate(() => {
      const app = document.querySelector("mafia-seat")?.shadowRoot;
      return (app?.querySelector("seat-screen")?.shadowRoot?.textContent ?? "").replace(
        /\s+/g,
        " ",
      );
    });
  }
}

export interface AutoplayOptions {
  /** Stops the loop (the game is over). */
  done: () => boolean;
  /** Sport: blindfold on at night unless woken, off by day. */
  blindfold?: boolean;
  /** Called at each turn of the loop with what the phone shows (votes by thumb, say). */
  each?: (shown: Shown) => Promise<void>;
}

/**
 * A player on a phone: holds the reveal button, answers each new question with the item
 * the menu starts on (ok arms, ok sends), lets go; by day answers only what the page shows
 * without revealing, as a player at the table would.
 */
export async function autoplay(phone: Phone, o: AutoplayOptions): Promise<number> {
  const answered = new Set<string>();
  let answers = 0;
  while (!o.done()) {
    await phone.reveal(true);
    const s = await phone.shown();
    // Only a living seat at night, not woken, says "keep the blindfold on".
    if (o.blindfold && s.step !== "") await phone.blindfold(s.woken === false);
    const key = `${s.title}|${s.action}`;
    if (s.item && s.action !== null && !answered.has(key)) {
      answered.add(key);
      await phone.press("ok");
      await phone.press("ok");
      answers += 1;
    }
    await phone.reveal(false);
    await o.each?.(s);
    await phone.page.waitForTimeout(120);
  }
  return answers;
}

/**
 * What a phone's WebSocket received, checked for a seat: only its own view and signal, the
 * public state and the rulesets' manifests (the same for every reader, with the hub's
 * registered words); in every view no role but its own, its allies' and its results'; no
 * roles in public before the end. Returns the public states it received, in order.
 */
export function checkSeatFrames(
  phone: Phone,
  seat: number,
  table: string,
  roleIds: readonly string[],
): PublicState[] {
  const own = new RegExp(
    `^mafia/v1/${table}/(seat/${seat}/(view|signal)|public/(state|rulesets))$`,
  );
  const wrong = phone.sniffer.publishes.filter((p) => !own.test(p.topic)).map((p) => p.topic);
  if (wrong.length > 0) throw new Error(`seat ${seat}'s phone received ${wrong.join(", ")}`);
  for (const p of phone.sniffer.publishes) {
    if (!p.topic.endsWith("/view") || p.payload.length === 0) continue;
    const v = JSON.parse(p.payload) as SeatView;
    const known = new Set([v.role, ...Object.values(v.allyRoles)]);
    for (const r of v.results) if (r.key.startsWith("role.")) known.add(r.key.slice(5));
    const text = JSON.stringify({ ...v, role: null, allyRoles: {}, results: [] });
    for (const r of roleIds)
      if (!known.has(r) && text.includes(`"${r}"`))
        throw new Error(`seat ${seat}'s view names role ${r}: ${p.payload.slice(0, 200)}`);
  }
  const publics = phone.sniffer.publishes
    .filter((p) => p.topic.endsWith("/public/state") && p.payload.length > 0)
    .map((p) => JSON.parse(p.payload) as PublicState);
  for (const p of publics)
    if (p.phase !== "ended" && p.roles !== null)
      throw new Error(`seat ${seat}'s phone got the roles before the end`);
  return publics;
}

/** Polls `test` until it holds (for conditions no single event announces). */
export async function poll(
  test: () => boolean | Promise<boolean>,
  what: string,
  ms = 8000,
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
