/**
 * The console beyond sport, in Debian's chromium against the real hub: a name over the limit
 * is refused with the limit said (never cut), and in the app game the night's choices and
 * the secret day vote are on the console, the vote marked secret, while the public display
 * shows nobody's vote; in the hunt game the night's choices of each holder are listed.
 */
import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { availableRulesets, rulesetById } from "../../hub/engine/index.js";
import type { Hub } from "../../hub/server.js";
import { optionWord } from "../../protocol/words/index.js";
import { openConsole } from "./console-page.js";
import { namedSeats, seatedTable } from "./harness.js";
import { deepText, text, waitFor } from "./page.js";
import { useHubSuite } from "./suite.js";

let browser: Browser;
let hub: Hub;
let page: Page;
const SEATS = 8;
/** The option types the setup form has a field for (the rest go in the JSON box). */
const FIELDS = new Set(["number", "integer", "boolean", "choice"]);

const suite = useHubSuite("console-rulesets-");
beforeAll(async () => {
  browser = suite.browser;
  hub = suite.hub;
  page = await openConsole(browser, hub);
}, 30_000);

describe("the console beyond sport", () => {
  it("the setup form gives every ruleset's options in words, never a raw identifier (en, de, ru)", async () => {
    const de = await openConsole(browser, hub, undefined, "de");
    const ru = await openConsole(browser, hub, undefined, "ru");
    try {
      for (const [lang, console] of [
        ["en", page],
        ["de", de],
        ["ru", ru],
      ] as const) {
        const select = console.locator('host-setup select[name="ruleset"]');
        for (const id of availableRulesets()) {
          await select.selectOption(id);
          const shown = (rulesetById(id)?.options ?? []).filter((o) => FIELDS.has(o.type));
          await waitFor(console, `host-setup [data-option="${shown[0]?.name}"]`);
          expect(await console.locator("host-setup [data-option]").count()).toBe(shown.length);
          const form = (await console.locator("host-setup form").textContent()) ?? "";
          // camelCase names are what a person must never read (`shotQuorum`, `disconnectGraceSeconds`).
          const raw = shown.map((o) => o.name).filter((n) => /[A-Z]/.test(n) && form.includes(n));
          expect(raw, `${lang} ${id}`).toEqual([]);
          expect(await console.locator("host-setup [data-about]").count()).toBe(shown.length);
          // Each label and each choice in the page's language's words, not its identifier.
          for (const o of shown) {
            const w = optionWord(lang, o.name);
            const label = w?.unit ? `${w.label} (${w.unit})` : w?.label;
            expect(await text(console, `host-setup [data-option="${o.name}"]`)).toBe(label);
            for (const c of o.choices ?? []) {
              const shownChoice = console.locator(
                `host-setup select[name="${o.name}"] option[value="${c}"]`,
              );
              expect((await shownChoice.textContent())?.trim(), `${lang} ${o.name}.${c}`).toBe(
                w?.choices?.[c],
              );
            }
          }
        }
      }
    } finally {
      await Promise.all([de.close(), ru.close()]);
    }
    const select = page.locator('host-setup select[name="ruleset"]');
    await select.selectOption(hub.tables.get("t1")?.game?.ruleset ?? "sport");
  }, 60_000);

  it("refuses a name over the limit with the limit said, and sends nothing", async () => {
    const before = hub.tables.get("t1")?.game?.seats.map((s) => s.name);
    const long = "Alexandra-Konstantinovna Rimskaya-K"; // 35 characters
    await page.locator('input[name="name-3"]').fill(long);
    expect(await page.locator('input[name="name-3"]').inputValue()).toBe(long);
    await page.locator('host-setup button[data-cmd="setup"]').click();
    await waitFor(page, 'host-setup [role="alert"]');
    expect(await text(page, 'host-setup [role="alert"]')).toBe(
      "A name may have at most 32 characters; too long: seat 3",
    );
    expect(hub.tables.get("t1")?.game?.seats.map((s) => s.name)).toEqual(before);
  }, 30_000);

  it("app: the night's choices and the secret vote are on the console, marked secret", async () => {
    const table = await seatedTable(hub, SEATS);
    const { host, paddles } = table;
    const display = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    try {
      await host.ok({
        cmd: "setup",
        ruleset: "app",
        seats: namedSeats(SEATS),
        options: { autoAdvance: false },
      });
      const key = hub.secrets.password("display/t1") as string;
      await display.goto(`http://127.0.0.1:${hub.httpPort}/?lang=en#k=${encodeURIComponent(key)}`);
      await host.ok({ cmd: "start" });
      await host.until(() => host.state?.phase === "night" && host.view?.seats[0]?.role, "night");
      const view = host.view?.seats ?? [];
      const mafia = view.filter((s) => s.team === "mafia").map((s) => s.seat);
      const town = view.filter((s) => s.team !== "mafia").map((s) => s.seat);
      const victim = town[0] as number;
      for (const m of mafia) await paddles[m - 1]?.act("kill", victim);
      await waitFor(page, '[data-secret="host"] [data-night="proposals"]');
      expect(await text(page, '[data-secret="host"] [data-night="proposals"]')).toContain(
        `→ #${victim} P${victim}`,
      );

      while (host.state?.phase === "night") await host.ok({ cmd: "next" });
      await host.until(() => host.state?.phase === "day", "day");
      if (host.state?.step === "morning") await host.ok({ cmd: "next" });
      await host.until(() => host.state?.step === "discussion", "discussion");
      const living = (host.state?.seats ?? []).filter((s) => s.alive).map((s) => s.seat);
      for (const n of living) await paddles[n - 1]?.pass();
      await host.until(() => host.state?.step === "vote", "the vote");
      const [a, b, target] = living as [number, number, number];
      await paddles[a - 1]?.act("vote", target);
      await paddles[b - 1]?.act("vote", target);
      await waitFor(page, `host-vote-panel [data-votes-for="${target}"]`);
      // Polled: the row appears with the first vote, and read at once it held only that one
      // in a loaded CI run ("#4 P4 (1): #2 P2").
      await expect
        .poll(() => text(page, `host-vote-panel [data-votes-for="${target}"]`), { timeout: 10_000 })
        .toBe(`#${target} P${target} (2): #${a} P${a}, #${b} P${b}`);
      expect(await text(page, 'host-vote-panel [data-secret="vote"]')).toBe("SECRET");
      // The table sees that a vote runs, never who voted for whom.
      await waitFor(display, '[data-step="vote"], [data-title]');
      expect(await deepText(display)).not.toContain(`#${a} P${a}, #${b} P${b}`);
    } finally {
      await display.close();
      await table.end();
    }
  }, 60_000);

  it("HUNT-MANY-02: hunt's per-holder night book (blocks, kills, heals) is on the console in words", async () => {
    const table = await seatedTable(hub, SEATS);
    const { host, paddles } = table;
    try {
      const before = await host.until(() => host.state, "the table's state");
      if (before.phase === "day" || before.phase === "night") await host.ok({ cmd: "end" });
      await host.ok({
        cmd: "setup",
        ruleset: "hunt",
        seats: namedSeats(SEATS),
        options: { allowAnySeatCount: true, firstPhase: "night", autoAdvance: false },
      });
      await host.ok({ cmd: "start" });
      await host.until(() => host.state?.phase === "night" && host.view?.seats[0]?.role, "night");
      const seats = host.view?.seats ?? [];
      const holder = (role: string) => seats.find((s) => s.role === role)?.seat as number;
      const [boss, doctor, maniac] = [holder("boss"), holder("doctor"), holder("maniac")];
      const civilian = seats.find((s) => s.role === "civilian")?.seat as number;
      await paddles[boss - 1]?.act("block", civilian);
      await paddles[maniac - 1]?.act("kill", civilian);
      await paddles[doctor - 1]?.act("heal", civilian);
      const pair = (from: number) => `#${from} P${from} → #${civilian} P${civilian}`;
      for (const [field, label, from] of [
        ["blocks", "Blocks", boss],
        ["kills", "Kills", maniac],
        ["heals", "Heals", doctor],
      ] as const) {
        const row = `[data-secret="host"] [data-night="${field}"]`;
        await waitFor(page, row);
        expect(await text(page, row)).toBe(`${label}: ${pair(from)}`);
      }
      await host.ok({ cmd: "end" });
    } finally {
      await table.end();
    }
  }, 60_000);
});
