/**
 * Issue 28: the record's PDF no longer starts a Chromium per request. Concurrent requests
 * share one browser process, a journal state printed once is served again from the cache
 * without printing, and past the queue the host gets 503 with Retry-After.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hostUsername } from "../../protocol/index.js";
import { useTestHub } from "../helpers/hub.js";
import { scriptedSportGame } from "./scripted-game.js";

// One printing, one waiting: the third distinct page at once is refused.
const t = useTestHub({ tables: ["t1"], seats: 10, pdf: { maxWaiting: 1 } });

async function withGame(): Promise<void> {
  const g = scriptedSportGame();
  const lines = [g.header, ...g.records].map((x) => JSON.stringify(x)).join("\n");
  await writeFile(join(t.dir, "t1", "game-0999.jsonl"), `${lines}\n`);
}

function pdf(query: string): Promise<Response> {
  const password = t.hub.secrets.password(hostUsername("t1")) as string;
  return fetch(`http://127.0.0.1:${t.hub.httpPort}/record/t1/game-0999?format=pdf&${query}`, {
    headers: { authorization: `Bearer ${password}` },
  });
}

/** Chromium main processes started by this test process (its direct children). */
async function chromiumChildren(): Promise<number> {
  let n = 0;
  for (const pid of await readdir("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    if (ppid !== process.pid) continue;
    const cmd = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
    if (/chrom/i.test(cmd.split("\0")[0] ?? "")) n += 1;
  }
  return n;
}

describe("the record's PDF printer", () => {
  it("shares one browser, serves a printed journal state from the cache, says busy past the queue", async () => {
    await withGame();
    // Two different pages at once (one printing, one waiting) and the first one twice more.
    const first = [pdf("lang=en"), pdf("lang=de"), pdf("lang=en"), pdf("lang=en")];
    let most = 0;
    const watch = setInterval(() => {
      chromiumChildren().then((n) => {
        most = Math.max(most, n);
      });
    }, 50);
    const answers = await Promise.all(first);
    clearInterval(watch);
    for (const r of answers) {
      expect(r.status).toBe(200);
      expect(
        Buffer.from(await r.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
    }
    expect(most).toBeLessThanOrEqual(1);
    const printer = t.hub.printer;
    expect(printer.stats.launches).toBe(1);
    expect(printer.stats.printed).toBe(2);

    // The same journal state again: the same bytes, nothing printed.
    const again = await pdf("lang=de");
    expect(again.status).toBe(200);
    expect(printer.stats.printed).toBe(2);
    expect(printer.stats.cacheHits).toBeGreaterThanOrEqual(1);

    // Three new pages at once with room for two: one is told to come back.
    const burst = await Promise.all([
      pdf("lang=ru"),
      pdf("lang=en&scoring=1"),
      pdf("lang=de&scoring=1"),
    ]);
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 503]);
    const busy = burst.find((r) => r.status === 503) as Response;
    expect(busy.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await busy.text()).toMatch(/busy/);
    expect(printer.stats.launches).toBe(1);
  }, 120_000);
});
