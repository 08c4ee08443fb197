/**
 * A hub that lost its table's lease without knowing it yet (woken from a SIGSTOP before its
 * renewal ran) still steps a host command, but Redis refuses the write (FENCED). It used to
 * log `command.applied` for a table it no longer owned (issue 27); now that line comes only
 * once the record is durable, and the command gets no PUBACK (its promise rejects).
 */
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { tableKey } from "../../hub/cluster/keys.js";
import { redisJournals } from "../../hub/cluster/redis-journal.js";
import { createMemoryLogger } from "../../hub/process/logger.js";
import { Table } from "../../hub/table/table.js";
import { removeDir, tempDir } from "../helpers/hub.js";
import { startRedis } from "../helpers/redis-server.js";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe("a stale owner's log", () => {
  it("logs command.applied only for a command Redis took", async () => {
    const server = await startRedis();
    cleanups.push(() => server.stop());
    const redis = new Redis(server.url);
    cleanups.push(async () => void redis.disconnect());
    const dir = await tempDir("hub-stale-");
    cleanups.push(() => removeDir(dir));
    const lease = "hub-a:1";
    await redis.set(tableKey("t1", "lease"), lease);
    const { logger, records } = createMemoryLogger("info");
    const table = new Table({
      id: "t1",
      dataDir: dir,
      log: logger,
      publish: async () => undefined,
      now: () => 1_000_000,
      journals: redisJournals(redis, () => lease), // this hub still believes it holds it
      defaults: { ruleset: "sport", seats: 10 },
    });
    await table.open();
    const command = (id: string, cmd: string) =>
      table.hostCommand(Buffer.from(JSON.stringify({ id, cmd })), 1_000_000);
    const applied = () => records.filter((r) => r.event === "command.applied").map((r) => r.id);

    await command("c-start", "start"); // the control: under the lease it is applied and logged
    expect(applied()).toEqual(["c-start"]);

    await redis.set(tableKey("t1", "lease"), "hub-b:2"); // another hub took the table
    await expect(command("c-pause", "pause")).rejects.toThrow(/lease/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(applied()).toEqual(["c-start"]);
    await table.close().catch(() => undefined);
  }, 60_000);
});
