/** The `--cluster` value (hub/cluster/redis-link.ts): its syntax, and a password that never shows. */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openRedisLink, parseRedisUrl } from "../../hub/cluster/redis-link.js";
import { removeDir, tempDir } from "../helpers/hub.js";

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await removeDir(d);
});

describe("--cluster URL", () => {
  it("one Redis, plain or TLS, with user and password", () => {
    const plain = parseRedisUrl("redis://10.0.0.5:6379");
    expect(plain).toMatchObject({ host: "10.0.0.5", port: 6379, tls: false, password: "" });
    const tls = parseRedisUrl("rediss://hub:s%40cret@redis.lan:6380");
    expect(tls).toMatchObject({ host: "redis.lan", port: 6380, tls: true });
    expect(tls).toMatchObject({ username: "hub", password: "s@cret" });
    expect(tls.shown).toBe("rediss://hub@redis.lan:6380");
  });

  it("Sentinels: a list of HOST:PORT and the primary's name", () => {
    const s = parseRedisUrl("redis-sentinel://:pw@10.0.0.1:26379,10.0.0.2:26379,[::1]:26380/kit");
    expect(s.sentinels).toEqual([
      { host: "10.0.0.1", port: 26379 },
      { host: "10.0.0.2", port: 26379 },
      { host: "::1", port: 26380 },
    ]);
    expect(s).toMatchObject({ master: "kit", password: "pw", tls: false });
    expect(s.shown).not.toContain("pw");
  });

  it("refuses what it cannot read, naming the syntax and never the password", () => {
    for (const bad of [
      "http://x:1",
      "redis://:hunter2@nohost",
      "redis://:hunter2@a:1,b:2",
      "redis-sentinel://:hunter2@a:1",
      "redis://:hunter2@a:1/3",
    ]) {
      expect(() => parseRedisUrl(bad), bad).toThrow(/redis-sentinel:\/\//);
      try {
        parseRedisUrl(bad);
      } catch (err) {
        expect((err as Error).message).not.toContain("hunter2");
      }
    }
  });

  it("takes the password from a file's first line, which wins over the URL's", async () => {
    const dir = await tempDir("redis-link-");
    dirs.push(dir);
    const file = join(dir, "redis.pw");
    await writeFile(file, "from-file\nignored\n");
    const link = await openRedisLink({
      url: "redis://:from-url@127.0.0.1:6379",
      passwordFile: file,
    });
    expect(link.options().password).toBe("from-file");
    expect(link.shown).toBe("redis://127.0.0.1:6379");
    const sentinel = await openRedisLink({ url: "rediss-sentinel://a:1,b:2/kit" });
    expect(sentinel.sentinel).toBe(true);
    expect(sentinel.options()).toMatchObject({ name: "kit", enableTLSForSentinelMode: true });
    await expect(openRedisLink({ url: "redis://a:1", caFile: file })).rejects.toThrow(/TLS link/);
  });
});
