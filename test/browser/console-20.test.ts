/**
 * The judge's console at a table of 20 (issue 24, "Screens that fit"), in Debian's chromium
 * against the real hub: every ruleset that seats 20 (its own setup says whether it does),
 * dealt and in its first night or day, with long Latin and Cyrillic names, in en, de and ru
 * at 1280x800 and 1920x1080: no text of the console is cut (overflow.ts; the console
 * scrolls, so a long table is not a fault, a cut name or role is).
 */
import { describe, expect, it } from "vitest";
import { availableRulesets, rulesetById } from "../../hub/engine/index.js";
import { openConsole } from "./console-page.js";
import { HostClient } from "./harness.js";
import { overflows } from "./overflow.js";
import { useHubSuite } from "./suite.js";

const suite = useHubSuite("console-20-");
const NAMES = [
  "Alexandra-Konstantinovna",
  "Boris",
  "Светлана Владимировна",
  "Friedrich Wilhelm",
  ...Array.from({ length: 16 }, (_, i) => `Spieler ${i + 5}`),
];
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;

describe("the console at 20 seats", () => {
  it("no text is cut, for every ruleset that seats 20, in en, de and ru", async () => {
    const host = await HostClient.connect(suite.hub);
    const page = await openConsole(suite.browser, suite.hub);
    const faults: string[] = [];
    const laidOut: string[] = [];
    try {
      for (const id of availableRulesets()) {
        const names = new Set(rulesetById(id)?.options.map((o) => o.name));
        const before = await host.until(() => host.state, "the table's state");
        if (before.phase === "day" || before.phase === "night") await host.ok({ cmd: "end" });
        const reply = await host.command({
          cmd: "setup",
          ruleset: id,
          seats: NAMES.map((name, i) => ({ seat: i + 1, name })),
          options: names.has("allowAnySeatCount") ? { allowAnySeatCount: true } : {},
        });
        if (!reply.ok) continue; // the ruleset's own rule: it does not seat 20
        await host.ok({ cmd: "start" });
        await host.until(() => host.view?.seats.every((s) => s.role), "the deal");
        laidOut.push(id);
        for (const viewport of VIEWPORTS) {
          await page.setViewportSize(viewport);
          for (const lang of ["en", "de", "ru"] as const) {
            await page.evaluate(async (l) => {
              const app = document.querySelector("mafia-host") as HTMLElement & {
                updateComplete: Promise<unknown>;
              };
              if (document.documentElement.lang !== l)
                app.dispatchEvent(new CustomEvent("lang-change", { detail: { lang: l } }));
              await app.updateComplete;
              for (let i = 0; i < 2; i++) await new Promise((r) => requestAnimationFrame(r));
            }, lang);
            for (const o of await overflows(page))
              faults.push(`${id} ${viewport.width} ${lang}: ${o.where} "${o.text}" ${o.how}`);
          }
        }
      }
    } finally {
      await page.close();
      await host.end();
    }
    expect(laidOut.length).toBeGreaterThanOrEqual(3);
    expect(faults).toEqual([]);
  }, 120_000);
});
