/**
 * A whole `app` game where every seat is a phone (issue 15): the host console sets it up
 * and starts it, five phones (each its own Chromium context, phone-sized, touch) play it
 * through their touch controls until it ends, running the paddle's own firmware. Every
 * MQTT frame each phone's WebSocket received is checked: only its own seat's topics and the
 * public ones, no other seat's role in anything it got, and no roles in public before the end.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot } from "./harness.js";
import { autoplay, checkSeatFrames, Phone } from "./phone.js";
import { usePhoneTable } from "./phone-table.js";

const NAMES = ["Anna", "Boris", "Clara", "Dmitri", "Eva"];
const APP_ROLES = ["councillor", "godfather", "consigliere", "soldier", "commissar", "doctor"];

const t = usePhoneTable("phone-app-");

const game = () => t.hub.tables.get("t1")?.game;

describe("an app game on phones", () => {
  it("five phones play a whole app game that the host console starts", async () => {
    const host = await t.hostConsole();
    await host.locator('select[name="ruleset"]').selectOption("app");
    await host.locator('input[name="count"]').fill(String(NAMES.length));
    for (const [i, name] of NAMES.entries())
      await host.locator(`input[name="name-${i + 1}"]`).fill(name);
    // The app runs without timers: each step ends when every answer is in (APP-OPEN-13).
    const timings = host.locator('host-setup input[type="number"]:not([name="count"])');
    for (const input of await timings.all()) await input.fill("");
    await host.locator('host-setup button[data-cmd="setup"]').click();
    const setupReply = host.locator('host-replies li[data-cmd="setup"]').first();
    await setupReply.and(host.locator('[data-reply="ok"], [data-reply="err"]')).waitFor();
    expect(await setupReply.textContent()).toContain("done");

    const phones = await Promise.all(
      NAMES.map((_, i) => Phone.open(t.browser, t.link(i + 1, "en"))),
    );
    await Promise.all(phones.map((p) => p.online()));
    await host.locator('host-pairing tr[data-pair-seat="5"][data-phones="1"]').waitFor();
    await host.locator('host-controls [data-cmd="start"]').click();
    await host.locator('host-replies li[data-cmd="start"][data-reply="ok"]').waitFor();

    const done = () => game()?.phase === "ended";
    const answers = await Promise.all(phones.map((p) => autoplay(p, { done })));
    expect(answers.every((n) => n > 0)).toBe(true);
    const end = game();
    expect(end?.phase).toBe("ended");
    expect(end?.winner).not.toBeNull();
    await phones[0]?.page.locator('.phase[data-step="end"]').waitFor();
    await screenshot(phones[0]?.page as Page, "phone-app-end");

    for (const [i, phone] of phones.entries()) {
      const publics = checkSeatFrames(phone, i + 1, "t1", APP_ROLES);
      expect(publics.at(-1)?.phase).toBe("ended");
    }
    await Promise.all([...phones.map((p) => p.close()), host.close()]);
  }, 120_000);
});
