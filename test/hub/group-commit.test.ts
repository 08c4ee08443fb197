/**
 * Group commit: while one journal fsync is under way, the table steps the inputs that
 * arrive and the journal makes them durable together with the next fsync; none of them is
 * acknowledged, nor any of its views published, before its own record is on disk.
 */
import { readFile } from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import type { SyncHook } from "../../hub/journal/journal.js";
import {
  connectIdentity,
  endAll,
  Paddle,
  removeDir,
  startTestHub,
  subscribeGranted,
  tempDir,
  until,
} from "../helpers/hub.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe("group commit", () => {
  it("writes the inputs that arrive during a write together, and acknowledges each only once synced", async () => {
    const dir = await tempDir();
    cleanups.push(() => removeDir(dir));
    const events: string[] = [];
    let release: (() => void) | null = null;
    let holding = false;
    let syncs = 0;
    const sync: SyncHook = async (fh) => {
      syncs += 1;
      if (holding) {
        holding = false;
        events.push("sync held");
        await new Promise<void>((r) => {
          release = r;
        });
      }
      await fh.datasync();
    };
    const hub = await startTestHub({ dataDir: dir, sync });
    cleanups.push(() => hub.stop());
    const seats = [1, 2, 3, 4, 5];
    const conns = await Promise.all(seats.map((n) => connectIdentity(hub, `seat/t1/${n}`)));
    const host = await connectIdentity(hub, "host/t1");
    cleanups.push(() => endAll(...conns, host));
    await subscribeGranted(host.client, ["mafia/v1/t1/host/view"]);
    const table = hub.tables.get("t1");
    await table?.idle();
    const paddles = conns.map((c, i) => new Paddle(seats[i] as number, c));

    holding = true;
    const first = paddles[0]?.send("thumb", { down: true }).then(() => events.push("PUBACK 1"));
    await until(() => release !== null, 5000, "the first write");
    const viewsBefore = host.inbox.all.length;
    const rest = paddles
      .slice(1)
      .map((p) => p.send("thumb", { down: true }).then(() => events.push(`PUBACK ${p.seat}`)));
    // The others are stepped while the first record's sync is held...
    await until(
      () => seats.every((n) => table?.game?.seats[n - 1]?.thumbDown === true),
      5000,
      "stepped",
    );
    await new Promise((r) => setTimeout(r, 200));
    // ...but nothing is acknowledged or published before its record is durable.
    expect(events).toEqual(["sync held"]);
    expect(host.inbox.all.length).toBe(viewsBefore);
    const syncsBefore = syncs;
    (release as unknown as () => void)();
    await Promise.all([first, ...rest]);
    expect(events[0]).toBe("sync held");
    expect(events[1]).toBe("PUBACK 1");
    // The four records written during the held fsync were made durable by one more fsync.
    expect(syncs - syncsBefore).toBe(1);
    const path = table?.journalPath as string;
    const thumbs = (await readFile(path, "utf8")).split("\n").filter((l) => l.includes('"thumb"'));
    expect(thumbs).toHaveLength(5);
  });
});
