/**
 * Redis AUTH for a cluster hub: a real redis-server with `requirepass`, the password in a
 * file (`--redis-password-file`). Every connection the hub opens must authenticate: the
 * journal and leases (the table is owned), the shared emitter (its subscriber is there),
 * Aedes's persistence (the retained views are stored); and the password is in no log line.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { removeDir, tempDir, until } from "../helpers/hub.js";
import { startRedis } from "../helpers/redis-server.js";
import { type Cleanups, clusterHub } from "./fixture.js";

const PASSWORD = "kit-redis-7f3a9c";
const cleanups: Cleanups = [];
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe("Redis AUTH", () => {
  it("every connection of the hub authenticates with the password from a file, which is never logged", async () => {
    const server = await startRedis([
      "--requirepass",
      PASSWORD,
      "--maxmemory-policy",
      "noeviction",
    ]);
    cleanups.push(() => server.stop());
    const dir = await tempDir("redis-pw-");
    cleanups.push(() => removeDir(dir));
    const passwordFile = join(dir, "redis.pw");
    await writeFile(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
    const admin = new Redis(server.url, { password: PASSWORD });
    cleanups.push(async () => void admin.disconnect());

    // Without the password the hub is refused at start.
    await expect(clusterHub(server.url, cleanups)).rejects.toThrow(server.url);

    const hub = await clusterHub(server.url, cleanups, undefined, { passwordFile });
    expect(hub.cluster?.owns("t1")).toBe(true);
    await until(
      async () => ((await admin.call("PUBSUB", "NUMPAT")) as number) > 0,
      5_000,
      "the emitter's subscriber",
    );
    await until(
      async () => (await admin.keys("*")).some((k) => !k.startsWith("mafia:")),
      5_000,
      "Aedes's persistence to store the retained views",
    );
    expect(JSON.stringify(hub.records)).not.toContain(PASSWORD);
    expect(JSON.stringify(hub.records)).not.toContain('"event":"redis.down"');
  }, 60_000);
});
