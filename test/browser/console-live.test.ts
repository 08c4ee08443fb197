/**
 * The judge's console live, in Debian's chromium against the real hub, with mqtt.js paddles
 * playing the seats: a speech (speaker, who is next, the countdown), a thumb vote (the
 * thumbs going down and up as they happen, with their edge times, and the tally), a night
 * (the blindfolds, tonight's shots), fouls with their causes and the 3 and 4 warnings, and
 * the game's record fetched from the hub at the end.
 */
import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hub } from "../../hub/server.js";
import { openConsole } from "./console-page.js";
import { openTable, setUp, type Table } from "./game.js";
import {
  buildDisplay,
  launchBrowser,
  removeDir,
  screenshot,
  startTestHub,
  tempDir,
} from "./harness.js";
import { text, waitFor } from "./page.js";

let dist: string;
let browser: Browser;
let hub: Hub;
let table: Table;
let page: Page;
const dirs: string[] = [];

beforeAll(async () => {
  [dist, browser] = await Promise.all([buildDisplay(), launchBrowser()]);
  const data = await tempDir("console-test-");
  dirs.push(dist, data);
  hub = await startTestHub(dist, data);
  table = await openTable(hub);
  page = await openConsole(browser, hub);
}, 90_000);

afterAll(async () => {
  await table?.close();
  await browser?.close();
  await hub?.stop();
  await Promise.all(dirs.map(removeDir));
});

const game = () => hub.tables.get("t1")?.game;
const paddle = (n: number) => table.paddles[n - 1] as NonNullable<Table["paddles"][number]>;
const seconds = async () =>
  Number(await page.locator("host-live .secs").getAttribute("data-seconds"));

/** Nominees of day 0: seat 1 names 3, seat 2 names 5. Seat 5 leaves by the vote. */
const FIRST = 3;
const SECOND = 5;

describe("the judge's console, live", () => {
  it("during a speech: the speaker, who speaks next, the countdown and the nominations", async () => {
    const { host } = table;
    await setUp(host);
    await host.ok({ cmd: "start" });
    for (const step of ["mafia", "don", "sheriff"]) {
      await host.until(() => host.state?.step === step, step);
      await host.ok({ cmd: "next" });
    }
    await host.until(() => host.state?.step === "speech" && host.state.speaker === 1, "day 0");
    await waitFor(page, 'host-live [data-speaker="1"]');
    expect(await text(page, "host-live [data-speaker]")).toBe("#1 Anna");
    expect(await page.locator("host-live [data-next]").getAttribute("data-next")).toBe("2");
    expect(await text(page, 'host-live [data-queued="2"]')).toBe("#2 Boris");
    // The countdown is the hub's: 60 s of speech, running down in the browser.
    const start = await seconds();
    expect(start).toBeGreaterThan(50);
    expect(start).toBeLessThanOrEqual(60);
    await page.waitForFunction(
      (s) =>
        Number(
          document
            .querySelector("mafia-host")
            ?.shadowRoot?.querySelector("host-live")
            ?.shadowRoot?.querySelector("mafia-countdown")
            ?.shadowRoot?.querySelector(".secs")
            ?.getAttribute("data-seconds"),
        ) < s,
      start,
      { timeout: 5000 },
    );

    await paddle(1).act("nominate", FIRST);
    await waitFor(page, `host-vote-panel [data-nominee="${FIRST}"] [data-by="1"]`);
    expect(await text(page, `[data-nominee="${FIRST}"] [data-by]`)).toBe("nominated by #1 Anna");
    await paddle(1).pass();
    await waitFor(page, 'host-live [data-speaker="2"]');
    await paddle(2).act("nominate", SECOND);
    await waitFor(page, `host-vote-panel [data-nominee="${SECOND}"] [data-by="2"]`);
    await screenshot(page, "console-speech", "png");
    // Paused, the console says how much of the speech is kept.
    await host.ok({ cmd: "pause" });
    await waitFor(page, "host-live [data-paused]");
    expect(await text(page, "host-live [data-paused]")).toMatch(/^Paused — \d+ s left$/);
    await host.ok({ cmd: "resume" });
    await page.locator("host-live [data-paused]").waitFor({ state: "detached", timeout: 5000 });
  }, 60_000);

  it("during a vote: the thumbs live with their edge times, the nominee counted and the tally", async () => {
    const { host } = table;
    for (let n = 2; n <= 10; n++) await paddle(n).pass();
    await host.until(() => host.state?.step === "vote" && host.state.counting === FIRST, "vote");
    await waitFor(page, `host-vote-panel [data-nominee="${FIRST}"][data-counting]`);
    const voters = [4, 6, 7];
    for (const n of voters) await paddle(n).thumb(true);
    await waitFor(page, 'host-vote-panel [data-down-count="3"]');
    await waitFor(page, `host-vote-panel [data-nominee="${FIRST}"] [data-live-count="3"]`);
    for (const n of voters) {
      const chip = page.locator(`host-vote-panel [data-thumb="${n}"]`);
      expect(await chip.getAttribute("data-down")).toBe("true");
      // The edge's time is the hub's own stamp, shown from the window's opening.
      expect(Number(await chip.getAttribute("data-at"))).toBe(game()?.seats[n - 1]?.thumbAt);
      expect(((await chip.textContent()) ?? "").replace(/\s+/g, " ")).toMatch(/▼ \+\d+\.\d s/);
    }
    expect(await page.locator('host-vote-panel [data-thumb="1"]').getAttribute("data-down")).toBe(
      "null",
    );
    // The thumbs stay in the seat table too, with the time of the edge.
    expect(await text(page, 'host-seats tr[data-seat="4"] [data-thumb]')).toMatch(
      /▼ down \d\d:\d\d:\d\d\.\d/,
    );

    await host.ok({ cmd: "next" });
    await waitFor(page, `host-vote-panel [data-nominee="${SECOND}"][data-counting]`);
    await waitFor(page, `host-vote-panel [data-nominee="${FIRST}"] [data-tally="3"]`);
    expect(await text(page, `host-vote-panel [data-votes-for="${FIRST}"]`)).toBe(
      `#${FIRST} Clara (3): #4 Dmitri, #6 Felix, #7 Galina`,
    );
    // In the next window the three lift their thumbs (no provocation: they went down before
    // it opened) and seat 8 puts his down: the judge sees each edge as it happens.
    for (const n of voters) await paddle(n).thumb(false);
    await paddle(8).thumb(true);
    await waitFor(page, 'host-vote-panel [data-thumb="8"][data-down="true"]');
    await waitFor(page, 'host-vote-panel [data-down-count="1"]');
    await waitFor(page, `host-vote-panel [data-nominee="${SECOND}"] [data-live-count="1"]`);
    expect(await page.locator('host-vote-panel [data-thumb="4"]').getAttribute("data-down")).toBe(
      "false",
    );
    // A provocation (SPORT-VOTE-04): down and up inside the window. The judge sees it at once.
    const civilians = host.seatsWith((r) => r === "civilian");
    const provoker = civilians.find((n) => n !== FIRST && n !== SECOND && n !== 8) as number;
    await paddle(provoker).thumb(true);
    await paddle(provoker).thumb(false);
    await waitFor(page, `host-seats tr[data-seat="${provoker}"] .out`);
    await waitFor(page, 'host-live [data-log] [data-key="removed"]');
    expect(await text(page, 'host-live [data-log] [data-key="removed"]')).toMatch(
      new RegExp(
        `^\\d\\d:\\d\\d:\\d\\d\\.\\d #${provoker} .* is removed from the table: provocation$`,
      ),
    );
    // Issue 24: the console reads the cause from the host view; the table's state has none.
    const removal = await host.until(
      () => host.state?.announcements.find((a) => a.key === "removed"),
      "the removal in public/state",
    );
    expect(removal.params).not.toHaveProperty("cause");
    await screenshot(page, "console-vote", "png");
    await page.locator('mafia-lang-switch button[data-lang="ru"]').first().click();
    await screenshot(page, "console-vote-ru");
    await page.locator('mafia-lang-switch button[data-lang="en"]').first().click();

    await host.ok({ cmd: "next" });
    await host.until(() => host.state?.step === "lastword" && host.state.speaker === SECOND, "out");
    await waitFor(page, `host-live [data-speaker="${SECOND}"]`);
    // Nobody but the provoker was removed: lifting a thumb counted in an earlier window is no provocation.
    expect(
      game()
        ?.seats.filter((s) => s.out === "removed")
        .map((s) => s.seat),
    ).toEqual([provoker]);
  }, 60_000);

  it("during a night: the step, its countdown, the blindfolds with their edges and the shots", async () => {
    const { host } = table;
    await paddle(SECOND).pass();
    await host.until(() => host.state?.phase === "night" && host.state.step === "mafia", "night");
    await waitFor(page, 'host-live [data-step="mafia"]');
    expect(await text(page, "host-live [data-step]")).toBe("Night 1 — the mafia goes hunting");
    expect(await seconds()).toBeGreaterThan(0);
    const living = (game()?.seats ?? []).filter((s) => s.alive).map((s) => s.seat);
    for (const n of living) await paddle(n).blindfold(true);
    const shooters = host
      .seatsWith((r) => r === "don" || r === "mafia")
      .filter((n) => living.includes(n));
    const red = host.seatsWith((r) => r === "civilian").find((n) => living.includes(n)) as number;
    // The mafia shoot blindfolded (SPORT-NIGHT-02): the shots are on the secret panel.
    // The judge sees who has still to shoot, never the table.
    await waitFor(page, `[data-secret="host"] [data-still="${shooters.join(",")}"]`);
    for (const n of shooters) await paddle(n).act("shoot", red);
    await waitFor(page, '[data-secret="host"] [data-still=""]');
    for (const n of shooters) await waitFor(page, `[data-secret="host"] [data-shot="${n}"]`);
    expect(await text(page, `[data-secret="host"] [data-shot="${shooters[0]}"]`)).toMatch(
      new RegExp(`→ #${red} `),
    );
    // The Don (or, were he out, the Sheriff) wakes for his step and takes the blindfold off.
    const don = host.seatsWith((r) => r === "don").find((n) => living.includes(n));
    const sheriff = host.seatsWith((r) => r === "sheriff")[0] as number;
    const [waker, wakeStep] = don ? [don, "don"] : [sheriff, "sheriff"];
    await host.ok({ cmd: "next" });
    if (wakeStep === "sheriff") await host.ok({ cmd: "next" });
    await host.until(() => host.state?.step === wakeStep, wakeStep);
    await waitFor(page, `host-live [data-step="${wakeStep}"]`);
    // The shot was agreed: it lands on the red at the morning.
    await waitFor(page, `[data-secret="host"] [data-kill="${red}"]`);
    await paddle(waker).blindfold(false);
    const row = `host-seats tr[data-seat="${waker}"]`;
    await waitFor(page, `${row} [data-blindfold="false"]`);
    expect(
      Number(await page.locator(`${row} [data-blindfold]`).getAttribute("data-blindfold-at")),
    ).toBe(game()?.seats[waker - 1]?.blindfoldAt);
    // The time of the edge, then how the seat is watched (a paddle: by its sensor).
    expect(await text(page, `${row} [data-blindfold]`)).toMatch(
      /^off \d\d:\d\d:\d\d\.\d ?by sensor$/,
    );
    expect(await text(page, `host-seats tr[data-seat="${red}"] [data-blindfold]`)).toMatch(/^on /);
    expect(game()?.seats[waker - 1]?.alive).toBe(true);
    await screenshot(page, "console-night", "png");
  }, 60_000);

  it("SPORT-FOUL-12, SPORT-FOUL-14: fouls as a number per seat with every cause and time in full, warned at 3 and at 4", async () => {
    const seat = (game()?.seats ?? []).find((s) => s.alive && s.role === "civilian")
      ?.seat as number;
    const row = page.locator(`host-seats tr[data-seat="${seat}"]`);
    const causes = ["religion", "artificial", "out_of_turn"];
    for (const [i, cause] of causes.entries()) {
      await row.locator('select[name="cause"]').selectOption(cause);
      await row.locator('[data-action="foul"]').click();
      await waitFor(page, `host-seats tr[data-seat="${seat}"] [data-fouls="${i + 1}"]`);
    }
    expect(await text(page, `host-seats tr[data-seat="${seat}"] [data-warn="3"]`)).toBe(
      "3 fouls: loses the next speech",
    );
    const listed = await row.locator("[data-cause]").allTextContents();
    expect(listed.map((s) => s.replace(/\s+/g, " ").trim())).toEqual([
      expect.stringMatching(/^\d\d:\d\d:\d\d\.\d appeal to religion$/),
      expect.stringMatching(/^\d\d:\d\d:\d\d\.\d artificial situations$/),
      expect.stringMatching(/^\d\d:\d\d:\d\d\.\d speaking out of turn$/),
    ]);
    // Nothing of a cause is cut: every line fits its box, in every language.
    for (const lang of ["de", "ru", "en"]) {
      await page.locator(`mafia-lang-switch button[data-lang="${lang}"]`).first().click();
      const cut = await row
        .locator("[data-cause], select[name='cause']")
        .evaluateAll((els) =>
          els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent),
        );
      expect(cut).toEqual([]);
    }
    await row.locator('select[name="cause"]').selectOption("insult");
    await row.locator('[data-action="foul"]').click();
    await waitFor(page, `host-seats tr[data-seat="${seat}"] [data-warn="4"]`);
    expect(await text(page, `host-seats tr[data-seat="${seat}"] [data-warn]`)).toBe(
      "4 fouls: removed",
    );
    expect(game()?.seats[seat - 1]?.out).toBe("removed");
  }, 60_000);

  it("at the end the console offers the record, fetched with the host password", async () => {
    await table.host.ok({ cmd: "end" });
    await waitFor(page, "host-record-panel [data-record]");
    const [popup] = await Promise.all([
      page.waitForEvent("popup"),
      page.locator('host-record-panel [data-format="html"]').click(),
    ]);
    await popup.waitForFunction(() => document.body?.textContent?.includes("Galina"));
    expect(await popup.title()).not.toBe("");
    await popup.close();
    await waitFor(page, 'host-record-panel [data-record-state="ok"][data-record-format="html"]');

    for (const format of ["json", "mafiaratings"]) {
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.locator(`host-record-panel [data-format="${format}"]`).click(),
      ]);
      const body = JSON.parse(await readFile((await download.path()) as string, "utf8"));
      if (format === "json") {
        expect(download.suggestedFilename()).toMatch(/^t1-game-\d{4}\.json$/);
        expect(body.format).toBe("mafia-table-kit/record");
      } else {
        expect(download.suggestedFilename()).toMatch(/^t1-game-\d{4}\.mafiaratings\.json$/);
        expect(body.version).toBe("1.3");
      }
    }
  }, 60_000);
});
