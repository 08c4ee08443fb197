/**
 * The public display in Debian's chromium against the real hub: it follows a whole game
 * (seats go out, the step changes, the end shows every role), never holds a role before
 * the end (neither in its DOM nor in any MQTT message it receives), says "connection lost"
 * instead of showing stale data, and switches language live.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hub } from "../../hub/server.js";
import { type Checkpoint, NAMES, openTable, playGame, setUp } from "./game.js";
import {
  buildDisplay,
  launchBrowser,
  removeDir,
  screenshot,
  startTestHub,
  tempDir,
} from "./harness.js";
import { count, deepAttributes, deepText, text, waitFor } from "./page.js";
import { MqttSniffer } from "./sniffer.js";

const ROLE_WORDS = ["Civilian", "Mafioso", "Sheriff", "Don"];

let dist: string;
let browser: Browser;
const dirs: string[] = [];

beforeAll(async () => {
  [dist, browser] = await Promise.all([buildDisplay(), launchBrowser()]);
  dirs.push(dist);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all(dirs.map(removeDir));
});

async function hubFor(httpPort = 0, dataDir?: string): Promise<Hub> {
  const dir = dataDir ?? (await tempDir("display-test-"));
  if (!dataDir) dirs.push(dir);
  return startTestHub(dist, dir, httpPort);
}

async function openDisplay(hub: Hub, lang = "en"): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  page.on("pageerror", (err) => {
    throw err;
  });
  const key = hub.secrets.password("display/t1") as string;
  await page.goto(
    `http://127.0.0.1:${hub.httpPort}/?table=t1&lang=${lang}#k=${encodeURIComponent(key)}`,
  );
  return page;
}

/** Nothing on the page names a role: no role attribute, no role word on any seat. */
async function expectNoRoles(page: Page, where: string): Promise<void> {
  const attrs = await deepAttributes(page);
  expect(
    attrs.filter((a) => a.startsWith("data-role=")),
    where,
  ).toEqual([]);
  const seats = await page.locator("mafia-seat").allTextContents();
  for (const word of ROLE_WORDS) expect(seats.join(" "), `${where}: seats`).not.toContain(word);
  const all = await deepText(page);
  for (const word of ["Civilian", "Mafioso"]) expect(all, where).not.toContain(word);
}

describe("public display", () => {
  it("follows a game through the hub and shows every role only at the end", async () => {
    const hub = await hubFor();
    const table = await openTable(hub);
    const page = await openDisplay(hub);
    const sniffer = new MqttSniffer(page);
    await page.reload(); // the sniffer sees the connection from its first frame
    const shots = new Map<Checkpoint, string>();
    const seen: Checkpoint[] = [];
    const fate = await playGame(table, async (c) => {
      seen.push(c);
      const s = table.host.state;
      if (c === "setup") {
        await waitFor(page, '[data-seat="1"]');
        expect(await text(page, '[data-phase="setup"]')).toBe("Before the game");
      }
      if (c === "night0") await waitFor(page, '[data-title="night"]');
      if (c === "day") {
        await waitFor(page, '[data-speaker="3"]');
        await waitFor(page, `[data-nominations="${s?.nominations.join(",")}"]`);
        // An order, not an arrow between seats.
        const [a, b] = s?.nominations ?? [];
        expect(await text(page, "[data-nominations]")).toBe(`1st ${a}, 2nd ${b}`);
        shots.set("day", await screenshot(page, "day"));
      }
      if (c === "vote") {
        const first = s?.ballot[0];
        await waitFor(page, `[data-nominee="${first}"] [data-votes]`);
        await waitFor(page, `[data-counting="${s?.counting}"]`);
        // Sport votes are open: the closed window names its voters, on the tally and the seats.
        const voters = s?.voters?.[String(first)] ?? [];
        await waitFor(page, `[data-nominee="${first}"] [data-voters="${voters.join(",")}"]`);
        for (const v of voters)
          await waitFor(page, `[data-seat="${v}"] [data-voted-for="${first}"]`);
        shots.set("vote", await screenshot(page, "vote"));
      }
      if (c === "voted") await waitFor(page, `[data-out="voted"]`);
      if (c === "night") {
        await waitFor(page, '[data-step="mafia"]');
        expect(await text(page, '[data-title="night"]')).toBe("Night 1");
        expect(await text(page, '[data-step="mafia"]')).toBe("the mafia goes hunting");
        // Dark and silent: no speaker, no nominee, no counting window, no prompt.
        expect(await count(page, ".speaker, .counting, .nominated")).toBe(0);
        shots.set("night", await screenshot(page, "night"));
      }
      if (c === "killed") await waitFor(page, '[data-out="killed"]');
      if (c !== "end") await expectNoRoles(page, c);
    });
    expect(seen).toEqual(["setup", "night0", "day", "vote", "voted", "night", "killed", "end"]);

    await waitFor(page, '[data-winner="town"]');
    await waitFor(page, `[data-seat="${fate.removed}"][data-out="removed"]`);
    await waitFor(page, `[data-seat="${fate.fouled}"][data-out="removed"]`);
    expect(await count(page, `[data-seat="${fate.voted}"][data-out="voted"]`)).toBe(1);
    expect(await count(page, `[data-seat="${fate.killed}"][data-out="killed"]`)).toBe(1);
    for (const seat of fate.roles) {
      const role = await page
        .locator(`[data-seat="${seat.seat}"] [data-role]`)
        .getAttribute("data-role");
      expect(role, `seat ${seat.seat}`).toBe(seat.role);
    }
    expect(await text(page, '[data-winner="town"]')).toBe("Town wins");
    expect(await text(page, `[data-seat="${fate.fouled}"] [data-foul-count]`)).toBe("4 fouls");
    shots.set("end", await screenshot(page, "end"));

    // The wire: only public topics, and no role, team or salt before the game ended.
    expect(sniffer.publishes.length).toBeGreaterThan(20);
    for (const p of sniffer.publishes)
      expect(p.topic).toMatch(/^mafia\/v1\/t1\/public\/(state|glance|log|rulesets)$/);
    // public/rulesets is the rulesets' manifests, the same for every game (which roles and
    // teams exist, never who holds them): the game's own messages are the rest.
    const game = sniffer.publishes.filter((p) => !p.topic.endsWith("/public/rulesets"));
    const end = game.findIndex((p) => p.payload.includes('"phase":"ended"'));
    expect(end).toBeGreaterThan(0);
    for (const p of game.slice(0, end)) {
      expect(p.payload).not.toMatch(
        /"role":"|"roles":[{[]|"salt":"|"team"|"allies"|"results"|"prompt"/,
      );
    }
    await table.close();
    await page.close();
    await hub.stop();
    expect([...shots.keys()].sort()).toEqual(["day", "end", "night", "vote"]);
  }, 90_000);

  it("switches language live and keeps it in the address", async () => {
    const hub = await hubFor();
    const table = await openTable(hub);
    await setUp(table.host);
    const page = await openDisplay(hub, "de");
    await waitFor(page, '[data-phase="setup"]');
    expect(await text(page, '[data-phase="setup"]')).toBe("Vor dem Spiel");
    await page.locator('mafia-lang-switch button[data-lang="ru"]').first().click();
    await page.waitForFunction(() => location.search.includes("lang=ru"));
    expect(await text(page, '[data-phase="setup"]')).toBe("Перед игрой");
    expect(page.url()).not.toContain("#k="); // the key left the address bar
    await table.host.ok({ cmd: "start" });
    await waitFor(page, '[data-title="night"]');
    expect(await text(page, '[data-title="night"]')).toBe("Нулевая ночь");
    await table.close();
    await page.close();
    await hub.stop();
  }, 60_000);

  it("says 'connection lost' instead of showing stale data, then recovers", async () => {
    let hub = await hubFor();
    const { httpPort, dataDir } = hub;
    const table = await openTable(hub);
    await setUp(table.host);
    const page = await openDisplay(hub);
    await waitFor(page, `[data-seat="10"]`);
    await table.close();
    await hub.stop();
    await waitFor(page, '[data-link="lost"]', 10_000);
    expect(await count(page, "mafia-seat")).toBe(0);
    expect(await deepText(page)).not.toContain(NAMES[0]);
    hub = await hubFor(httpPort, dataDir);
    await waitFor(page, `[data-seat="10"]`, 15_000);
    expect(await count(page, '[data-link="lost"]')).toBe(0);
    await page.close();
    await hub.stop();
  }, 60_000);

  it("asks to be paired when it has no key, and says when a key is refused", async () => {
    const hub = await hubFor();
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${hub.httpPort}/?lang=en`);
    await waitFor(page, '[data-link="unpaired"]');
    await page.locator('input[name="key"]').fill("not-the-key");
    await page.locator('button[type="submit"]').click();
    await waitFor(page, '[data-link="refused"]');
    await page.locator('input[name="key"]').fill(hub.secrets.password("display/t1") as string);
    await page.locator('button[type="submit"]').click();
    await waitFor(page, '[data-seat="1"]');
    await page.close();
    await hub.stop();
  }, 30_000);
});
