/**
 * The display in a day's vote where seats do not nominate (issue 24: app, hunt), fed the
 * engine's own public view in place, in real Chromium: every living seat is on the ballot,
 * so the announcement says so instead of "The vote begins:" followed by nothing, and the
 * display shows neither "Nobody nominated yet" nor a "next" under every seat (nobody is
 * counted in turn). An open vote (hunt) shows the seats that have votes, with their counts.
 * APP-OPEN-06 (the secret vote), HUNT-OPEN-12 (the open vote).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { gameWord } from "../../protocol/words/index.js";
import { EngineDriver } from "../helpers/engine-driver.js";
import { huntTable } from "../helpers/hunt.js";
import { useBrowserSuite } from "./suite.js";
import { feed, snapshotOf } from "./table-views.js";

const suite = useBrowserSuite();
const LANGS = ["en", "de", "ru"] as const;

/** An app table of seven in its first day's vote, nobody having voted yet. */
function appVote(): EngineDriver {
  const roles = ["godfather", "consigliere", "commissar", "doctor", "councillor", "councillor"];
  const d = new EngineDriver({
    ruleset: "app",
    seats: 7,
    options: { mafia: 2, commissar: true, doctor: true },
  }).start([...roles, "councillor"]);
  d.answerRest([1, 3, 4]);
  d.actOk(4, "heal", [4]);
  d.actOk(3, "investigate", [5]);
  d.actOk(1, "kill", [6]);
  if (d.state.step === "discussion") d.next();
  expect(d.state).toMatchObject({ phase: "day", step: "vote" });
  return d;
}

async function display(d: EngineDriver, page: Page, lang: string): Promise<void> {
  const state = d.pub;
  const view = { name: "vote", state, texts: null, announcements: state.announcements };
  await feed(page, snapshotOf(view, "display"), lang);
}

/** What the page says about the vote: the log's vote.start line, the tally, all its text. */
function read(page: Page) {
  return page.evaluate(() => {
    const deep = (root: Document | ShadowRoot, sel: string, out: Element[] = []): Element[] => {
      out.push(...root.querySelectorAll(sel));
      for (const el of root.querySelectorAll("*")) if (el.shadowRoot) deep(el.shadowRoot, sel, out);
      return out;
    };
    const text = (el: Element) => (el.textContent ?? "").replace(/\s+/g, " ").trim();
    const tallies = deep(document, "mafia-tally");
    const inTally = (sel: string) =>
      tallies.flatMap((t) => [...(t.shadowRoot?.querySelectorAll(sel) ?? [])]);
    return {
      tallies: tallies.length,
      start: deep(document, '[data-key="vote.start"]').map(text),
      tiles: inTally("li").map((li) => ({ seat: li.getAttribute("data-nominee"), text: text(li) })),
      later: inTally(".later").length,
      all: deep(document, "body")[0]?.textContent ?? "",
      deep: deep(document, "*")
        .map((e) => e.shadowRoot?.textContent ?? "")
        .join(" "),
    };
  });
}

async function openDisplay(): Promise<Page> {
  const hub = await suite.hub("vote-ballot-");
  const page = await suite.browser.newPage({ viewport: { width: 1280, height: 720 } });
  page.on("pageerror", (err) => {
    throw err;
  });
  await page.goto(`http://127.0.0.1:${hub.httpPort}/?table=t1`);
  await page.locator("mafia-display").waitFor({ state: "attached" });
  return page;
}

describe("a vote where every living seat is on the ballot", () => {
  it("APP-OPEN-06: the announcement names everyone, no 'next' and no nominations shown (en, de, ru)", async () => {
    const d = appVote();
    expect(d.state.ballot.length).toBe(6);
    const page = await openDisplay();
    for (const lang of LANGS) {
      await display(d, page, lang);
      const seen = await read(page);
      expect(seen.start, lang).toEqual([gameWord(lang, "log.vote.start.all")]);
      expect(seen.tallies, lang).toBe(1);
      expect(seen.tiles, lang).toEqual([]);
      expect(seen.later, lang).toBe(0);
      const noNominations = {
        en: "Nobody nominated",
        de: "niemand nominiert",
        ru: "никто не выставлен",
      };
      expect(`${seen.all} ${seen.deep}`, lang).not.toContain(noNominations[lang]);
    }
    await page.close();
  });

  it("HUNT-OPEN-12: an open vote shows the seats voted for, with their counts, and none as next", async () => {
    const d = huntTable({ firstPhase: "day" });
    d.next();
    expect(d.state.step).toBe("vote");
    d.actOk(6, "vote", [8]);
    d.actOk(7, "vote", [8]);
    d.actOk(9, "vote", [2]);
    const page = await openDisplay();
    await display(d, page, "en");
    const seen = await read(page);
    expect(seen.start).toEqual([gameWord("en", "log.vote.start.all")]);
    expect(seen.tiles.map((t) => t.seat)).toEqual(["2", "8"]);
    expect(seen.tiles.map((t) => t.text)).toEqual(["#2 1", "#8 2"]);
    expect(seen.later).toBe(0);
    await page.close();
  });
});
