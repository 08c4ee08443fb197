/**
 * The audience screen at the end of a game, fed the ended view in place (no game played):
 * the full screen lists every seat's role uncut, and the overlay names the winner and shows
 * the newest night's choices whole. In real chromium at 1920x1080.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { audienceExtraSchema } from "../../protocol/audience.js";
import { overflows } from "./overflow.js";
import { useBrowserSuite } from "./suite.js";
import { feed, snapshotOf, tableViews } from "./table-views.js";

const suite = useBrowserSuite();

/** A ten-seat sport game just ended, with two nights of five choices each behind it. */
function endedSnapshot() {
  const view = tableViews(10).find((v) => v.name === "end");
  if (!view) throw new Error("no end view");
  const state = { ...view.state, ruleset: "sport" as const, winner: "mafia" as const };
  state.roles = Object.fromEntries(
    [
      "don",
      "mafia",
      "mafia",
      "sheriff",
      "citizen",
      "citizen",
      "citizen",
      "citizen",
      "citizen",
      "citizen",
    ].map((r, i) => [String(i + 1), r]),
  );
  const snap = snapshotOf({ ...view, state }, "audience");
  const night = (round: number) => [
    ...[1, 2, 3].map((seat) => ({
      round,
      step: "mafia",
      seat,
      action: "shoot",
      targets: [4 + round],
    })),
  ];
  snap.audience = audienceExtraSchema.parse({
    roles: state.roles,
    night: [...night(1), ...night(2)],
    results: [1, 2].flatMap((n) => [
      { seat: 1, night: n, key: "check.sheriff.no", seats: [4] },
      { seat: 4, night: n, key: "check.mafia.yes", seats: [2] },
    ]),
  });
  return snap;
}

async function open(path: string): Promise<Page> {
  const hub = await suite.hub("audience-end-");
  const page = await suite.browser.newPage({ viewport: { width: 1920, height: 1080 } });
  page.on("pageerror", (err) => {
    throw err;
  });
  await page.goto(`http://127.0.0.1:${hub.httpPort}${path}`);
  return page;
}

describe("the audience screen at the end", () => {
  it("lists every seat's role uncut; the overlay names the winner and shows the last night whole", async () => {
    const snap = endedSnapshot();
    const full = await open("/audience/?table=t1");
    await feed(full, snap, "en");
    const roles = full.locator("mafia-side-panel .roles li");
    expect(await roles.count()).toBe(10);
    for (let i = 0; i < 10; i++) expect(await roles.nth(i).isVisible()).toBe(true);
    expect(await overflows(full)).toEqual([]);

    const overlay = await open("/audience/?table=t1&overlay=1");
    await feed(overlay, snap, "en");
    const box = overlay.locator(".box");
    expect(await box.locator('[data-winner="mafia"]').textContent()).toMatch(/mafia/i);
    // The newest night (2): three shots and two checks, none left out.
    expect(await box.locator('mafia-night-choices [data-night="2"] li').count()).toBe(5);
    expect(await overflows(overlay)).toEqual([]);
    await Promise.all([full.close(), overlay.close()]);
  }, 120_000);
});
