/**
 * Issue 24, "a phone that locks its screen is out for good in app": four phones play an app
 * game with the default grace (APP-DISC-05, 120 s). By day one phone's page goes away for
 * about 10 s (closed, its WebSocket with it); meanwhile the console and the display show the
 * seat "reconnecting" and nobody learns its role; the phone reopens its seat page with the
 * pairing it kept and is back in its seat, alive, with its role.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { HostClient } from "./harness.js";
import { autoplay, Phone, poll } from "./phone.js";
import { usePhoneTable } from "./phone-table.js";

const NAMES = ["Anna", "Boris", "Clara", "Dmitri"];
const AWAY_MS = 10_000;

const t = usePhoneTable("phone-resume-");
const game = () => t.hub.tables.get("t1")?.game;

async function openDisplay(): Promise<Page> {
  const page = await t.browser.newPage({ viewport: { width: 1280, height: 720 } });
  page.on("pageerror", (err) => {
    throw err;
  });
  const key = encodeURIComponent(t.password("display/t1"));
  await page.goto(`http://127.0.0.1:${t.hub.httpPort}/?table=t1&lang=en#k=${key}`);
  return page;
}

async function revealedRole(phone: Phone): Promise<string | null> {
  await phone.reveal(true);
  await phone.page.locator("seat-screen [data-role]").waitFor({ timeout: 8000 });
  const role = (await phone.shown()).role;
  await phone.reveal(false);
  return role;
}

describe("a phone that goes away in app", () => {
  it("APP-DISC-05: a phone away ~10 s is shown reconnecting and comes back in its seat with its role", async () => {
    const host = await HostClient.connect(t.hub);
    await host.ok({
      cmd: "setup",
      ruleset: "app",
      seats: NAMES.map((name, i) => ({ seat: i + 1, name })),
      options: { mafia: 1 },
    });
    // One after another: the machine running the tests may be busy.
    const phones: Phone[] = [];
    for (const [i] of NAMES.entries())
      phones.push(await Phone.open(t.browser, t.link(i + 1, "en")));
    await Promise.all(phones.map((p) => p.online(30_000)));
    await host.ok({ cmd: "start" });
    // The night by the phones' own answers, until the day's discussion.
    const day = () => game()?.phase === "day" || game()?.phase === "ended";
    await Promise.all(phones.map((p) => autoplay(p, { done: day })));
    expect(game()?.phase).toBe("day");
    const seat = game()?.seats.find((s) => s.alive && s.team !== "mafia")?.seat as number;
    const phone = phones[seat - 1] as Phone;
    const role = await revealedRole(phone);
    expect(role).toBe(game()?.seats[seat - 1]?.role);

    const hostPage = await t.hostConsole();
    const display = await openDisplay();
    const row = hostPage.locator(`host-seats tr[data-seat="${seat}"]`);
    const chip = display.locator(`.chip[data-seat="${seat}"]`);
    await row.locator('[data-presence="online"]').waitFor();
    // The display has the table before the phone goes: a display still connecting (a loaded
    // machine) would otherwise show its first state late, and the wait below measure that.
    await display
      .locator(`.chip[data-seat="${seat}"][data-online="yes"]`)
      .first()
      .waitFor({ timeout: 30_000 });
    const left = Date.now();
    await phone.page.close();
    await poll(() => game()?.seats[seat - 1]?.online === false, `seat ${seat} offline`);
    await row.locator('[data-presence="reconnecting"]').waitFor();
    await chip
      .locator('.offline[data-reconnecting="true"]')
      .first()
      .waitFor()
      .catch(async (e: Error) => {
        const shown = await chip.evaluateAll((els) => els.map((el) => el.outerHTML));
        throw new Error(
          `${e.message}; the display's chip: ${shown.join(" | ")}; the hub's game: ${JSON.stringify({ phase: game()?.phase, step: game()?.step, seat: game()?.seats[seat - 1] })}`,
        );
      });
    expect(await chip.locator(".offline").first().textContent()).toContain("reconnecting");
    // The leaver's secrecy: nothing public names his role while he is away.
    expect(host.state?.seats[seat - 1]).toMatchObject({ alive: true, role: null, out: null });
    await new Promise((r) => setTimeout(r, Math.max(0, AWAY_MS - (Date.now() - left))));

    const back = await phone.reopen();
    await back.online(15_000);
    await poll(() => game()?.seats[seat - 1]?.online === true, `seat ${seat} back online`);
    expect(game()?.seats[seat - 1]).toMatchObject({ alive: true, out: null, online: true });
    expect(await revealedRole(back)).toBe(role);
    await row.locator('[data-presence="online"]').waitFor();
    expect(await chip.locator(".offline").count()).toBe(0);
    expect(game()?.phase).toBe("day");

    await Promise.all([...phones.map((p) => p.close()), hostPage.close(), display.close()]);
    await host.end();
  }, 150_000);
});
