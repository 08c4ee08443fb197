/**
 * TLS to Redis (`rediss://`, `--redis-ca`): a real redis-server that listens on TLS only,
 * with a certificate for 127.0.0.1; a hub whose link names its CA starts, owns its table,
 * and its emitter and persistence work over TLS too. Without the CA it is refused.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { CERT_FILE, KEY_FILE, loadOrMakeTls } from "../../hub/web/tls.js";
import { removeDir, tempDir, until } from "../helpers/hub.js";
import { freePort, startRedis } from "../helpers/redis-server.js";
import { type Cleanups, clusterHub } from "./fixture.js";

const cleanups: Cleanups = [];
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe("TLS to Redis", () => {
  it("a rediss:// link with --redis-ca carries every connection; without the CA the hub is refused", async () => {
    const dir = await tempDir("redis-tls-");
    cleanups.push(() => removeDir(dir));
    await loadOrMakeTls(dir); // a certificate for 127.0.0.1, its own CA
    const cert = join(dir, CERT_FILE);
    const tlsPort = await freePort();
    const server = await startRedis([
      ...["--maxmemory-policy", "noeviction", "--port", "0", "--tls-port", String(tlsPort)],
      ...[
        "--tls-cert-file",
        cert,
        "--tls-key-file",
        join(dir, KEY_FILE),
        "--tls-ca-cert-file",
        cert,
      ],
      ...["--tls-auth-clients", "no"],
    ]);
    cleanups.push(() => server.stop());
    const url = `rediss://127.0.0.1:${tlsPort}`;

    await expect(clusterHub(url, cleanups)).rejects.toThrow(url);

    const hub = await clusterHub(url, cleanups, undefined, { caFile: cert });
    expect(hub.cluster?.owns("t1")).toBe(true);
    const ca = await readFile(cert, "utf8");
    const admin = new Redis({ host: "127.0.0.1", port: tlsPort, tls: { ca } });
    cleanups.push(async () => void admin.disconnect());
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
  }, 60_000);
});
