/**
 * Issue 24, the phone's menu with one hand and its haptic echo at night, in real Chromium
 * with real multi-touch (CDP Input.dispatchTouchEvent, two touch points): the thumb holds
 * the reveal button while a second finger taps Next and OK, and the keys act. The phones
 * cannot vibrate, so haptics are echoed on screen: never while the reveal is let go (a
 * neighbour's glance at night sees nothing), and while it is held only as a tiny, dim mark
 * inside the reveal button; the firmware's LED colour likewise, and the blindfold switch
 * says it is the player's own word.
 */
import type { CDPSession, Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { HostClient } from "./harness.js";
import { Phone, poll } from "./phone.js";
import { usePhoneTable } from "./phone-table.js";

const NAMES = ["Anna", "Boris", "Clara"];

const t = usePhoneTable("phone-one-hand-");
const game = () => t.hub.tables.get("t1")?.game;

interface Echo {
  inReveal: boolean;
  width: number;
  height: number;
  background: string;
}

/** Records every motor edge and every echo mark the page ever shows (and the host's outline). */
async function watchEcho(phone: Phone): Promise<void> {
  await phone.page.evaluate(() => {
    const w = window as unknown as { motor: boolean[]; echoes: unknown[]; leds: unknown[] };
    w.motor = [];
    w.echoes = [];
    w.leds = [];
    const app = document.querySelector("mafia-seat") as unknown as {
      shadowRoot: ShadowRoot;
      session: { hal: { motor(on: boolean): void } };
    };
    const hal = app.session.hal;
    const motor = hal.motor.bind(hal);
    hal.motor = (on: boolean) => {
      w.motor.push(on);
      motor(on);
    };
    const look = () => {
      const controls = app.shadowRoot.querySelector("seat-controls")?.shadowRoot;
      const marks = [
        ...(controls?.querySelectorAll("[data-echo]") ?? []),
        ...app.shadowRoot.querySelectorAll("[data-echo]"),
      ];
      if ((app as unknown as Element).hasAttribute("data-echo"))
        marks.push(app as unknown as Element);
      // The LED dot: anywhere on the page, in the header or the controls.
      for (const m of [
        ...(controls?.querySelectorAll("[data-led], .led") ?? []),
        ...app.shadowRoot.querySelectorAll("[data-led], .led"),
      ])
        w.leds.push({ inReveal: m.closest('[data-action="reveal"]') !== null });
      for (const m of marks) {
        const r = m.getBoundingClientRect();
        w.echoes.push({
          inReveal: m.closest('[data-action="reveal"]') !== null,
          width: r.width,
          height: r.height,
          background: getComputedStyle(m).backgroundColor,
        });
      }
    };
    const observer = new MutationObserver(look);
    const controls = app.shadowRoot.querySelector("seat-controls")?.shadowRoot as ShadowRoot;
    observer.observe(controls, { subtree: true, childList: true, attributes: true });
    observer.observe(app.shadowRoot, { subtree: true, childList: true, attributes: true });
    observer.observe(app as unknown as Element, { attributes: true });
  });
}

const recorded = (phone: Phone) =>
  phone.page.evaluate(() => {
    const w = window as unknown as {
      motor: boolean[];
      echoes: Echo[];
      leds: { inReveal: boolean }[];
    };
    return { motor: [...w.motor], echoes: [...w.echoes], leds: [...w.leds] };
  });

async function centre(target: Locator): Promise<{ x: number; y: number }> {
  const box = await target.boundingBox();
  if (!box) throw new Error("not on screen");
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** One touch event: the points that go down (touchStart: with those already down) or lift. */
function touch(
  cdp: CDPSession,
  type: "touchStart" | "touchEnd",
  points: { x: number; y: number; id: number }[],
) {
  return cdp.send("Input.dispatchTouchEvent", {
    type,
    touchPoints: points.map((p) => ({ x: p.x, y: p.y, id: p.id, radiusX: 4, radiusY: 4 })),
  });
}

describe("a phone held in one hand", () => {
  it("the thumb holds the reveal, a second finger's taps on Next and OK act; the echo shows only inside the held reveal, tiny and dim", async () => {
    const host = await HostClient.connect(t.hub);
    await host.ok({
      cmd: "setup",
      ruleset: "app",
      seats: NAMES.map((name, i) => ({ seat: i + 1, name })),
      options: { mafia: 1 },
    });
    const phones: Phone[] = [];
    for (const [i] of NAMES.entries())
      phones.push(await Phone.open(t.browser, t.link(i + 1, "en"), true));
    await Promise.all(phones.map((p) => p.online(30_000)));
    for (const p of phones) await watchEcho(p);
    await host.ok({ cmd: "start" });
    await poll(() => game()?.phase === "night", "the night", 15_000);
    const mafia = game()?.seats.find((s) => s.team === "mafia")?.seat as number;
    const other = game()?.seats.find((s) => s.team !== "mafia")?.seat as number;

    // At night, without the reveal: the keys still answer (ok arms, ok sends) and the motor
    // runs, but nothing on screen echoes it.
    const quiet = phones[other - 1] as Phone;
    await poll(
      async () => (await quiet.page.locator("seat-screen [data-hidden]").count()) > 0,
      "hidden",
    );
    await quiet.press("ok");
    await quiet.press("ok");
    await poll(async () => (await recorded(quiet)).motor.filter((on) => on).length >= 2, "motor");
    expect((await recorded(quiet)).echoes).toEqual([]);
    // Nor does the LED's colour show anywhere (the header's dot was read across the table).
    expect((await recorded(quiet)).leds).toEqual([]);
    // The blindfold switch says it is the player's own word (a phone has no sensor).
    expect(await quiet.page.locator("seat-controls [data-said]").textContent()).toContain(
      "Your own word",
    );
    expect(await quiet.page.locator("seat-controls [data-blindfold]").textContent()).toContain(
      "I say: blindfold",
    );

    // One hand: finger 1 holds the reveal, finger 2 taps Next, then OK twice.
    const phone = phones[mafia - 1] as Phone;
    const cdp = await phone.context.newCDPSession(phone.page);
    const reveal = await centre(phone.page.locator('[data-action="reveal"]'));
    const thumb = { ...reveal, id: 1 };
    await touch(cdp, "touchStart", [thumb]);
    await phone.page.locator('seat-screen .ask[data-action="kill"] [data-item]').waitFor();
    // Where the keys are now that the revealed words push them down.
    const next = await centre(phone.page.locator('[data-key="next"]'));
    const ok = await centre(phone.page.locator('[data-key="ok"]'));
    const tap = async (at: { x: number; y: number }) => {
      await touch(cdp, "touchStart", [thumb, { ...at, id: 2 }]);
      await touch(cdp, "touchEnd", [{ ...at, id: 2 }]); // Chromium: the points that lift
    };
    const before = (await phone.shown()).item;
    await tap(next);
    await poll(async () => (await phone.shown()).item !== before, "the cursor moved by finger 2");
    await tap(ok);
    await poll(async () => (await phone.shown()).armed, "armed by finger 2");
    await tap(ok);
    await phone.page.locator('seat-screen [data-answer="ok"]').waitFor();
    expect((await phone.shown()).role).not.toBeNull(); // still revealed all along
    await touch(cdp, "touchEnd", [thumb]);
    await phone.page.locator("seat-screen [data-hidden]").waitFor();

    const { motor, echoes, leds } = await recorded(phone);
    // The LED's colour showed while the reveal was held, and only inside it.
    expect(leds.length).toBeGreaterThan(0);
    for (const l of leds) expect(l.inReveal).toBe(true);
    expect(await phone.page.locator("[data-led]").count()).toBe(0);
    expect(motor.filter((on) => on).length).toBeGreaterThan(0);
    expect(echoes.length).toBeGreaterThan(0);
    for (const e of echoes) {
      expect(e.inReveal).toBe(true);
      expect(Math.max(e.width, e.height)).toBeLessThanOrEqual(8);
      const alpha = Number(/rgba\([^)]*,\s*([\d.]+)\)/.exec(e.background)?.[1] ?? 1);
      expect(alpha).toBeLessThanOrEqual(0.2);
    }
    await Promise.all(phones.map((p) => p.close()));
    await host.end();
  }, 150_000);
});
