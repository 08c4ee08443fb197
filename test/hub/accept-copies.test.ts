/**
 * Accept copies (hub/process/accept-copies.ts): more descriptors of one listening socket, so
 * a busy event loop takes more than one waiting connection per turn (libuv 1.45+ takes one
 * per descriptor). Real sockets, a real helper process, the real hub.
 */
import { spawnSync } from "node:child_process";
import { type AddressInfo, createServer, type Server } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { acceptCopies } from "../../hub/process/accept-copies.js";
import { runHub, tryConnect } from "../helpers/cli-process.js";
import { connectIdentity, removeDir, startTestHub, tempDir } from "../helpers/hub.js";

const open: Server[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => new Promise((r) => s.close(() => r(null)))));
});

function listening(onConnection: () => void): Promise<Server> {
  const server = createServer((socket) => {
    socket.on("error", () => undefined);
    socket.destroy();
    onConnection();
  });
  open.push(server);
  return new Promise((resolve) =>
    server.listen({ port: 0, host: "127.0.0.1", backlog: 4096 }, () => resolve(server)),
  );
}

/** Opens `n` connections from another process and returns once the kernel took them all. */
function queueConnections(port: number, n: number): void {
  const script = `
    const net = require("node:net");
    let up = 0;
    for (let i = 0; i < ${n}; i++)
      net.connect(${port}, "127.0.0.1").on("connect", () => { if (++up === ${n}) process.exit(0); });`;
  const done = spawnSync(process.execPath, ["-e", script], { timeout: 20_000 });
  expect(done.status).toBe(0);
}

async function refused(port: number): Promise<boolean> {
  return (await tryConnect(port)) === "ECONNREFUSED";
}

describe("accept copies", () => {
  it("each copy takes connections: a loop that was blocked takes one per descriptor per turn", async () => {
    const taken = [0, 0, 0, 0, 0];
    const original = await listening(() => {
      taken[0] = (taken[0] ?? 0) + 1;
    });
    let next = 1;
    const copies = await acceptCopies(
      original,
      4,
      () => {
        const i = next++;
        const copy = createServer((socket) => {
          socket.on("error", () => undefined);
          socket.destroy();
          taken[i] = (taken[i] ?? 0) + 1;
        });
        open.push(copy);
        return copy;
      },
      4096,
    );
    expect(copies).toHaveLength(4);
    const { port } = original.address() as AddressInfo;
    // This thread waits inside spawnSync while 60 connections queue in the kernel.
    queueConnections(port, 60);
    await expect.poll(() => taken.reduce((a, b) => a + b), { timeout: 10_000 }).toBe(60);
    // All five descriptors were ready at once, and each took its share.
    for (const n of taken) expect(n).toBeGreaterThanOrEqual(10);
  });

  it("closing the original and its copies frees the port", async () => {
    const original = await listening(() => undefined);
    const copies = await acceptCopies(original, 3, () => createServer(), 4096);
    expect(copies).toHaveLength(3);
    const { port } = original.address() as AddressInfo;
    expect(await refused(port)).toBe(false);
    await Promise.all([original, ...copies].map((s) => new Promise((r) => s.close(r))));
    open.length = 0;
    expect(await refused(port)).toBe(true);
  });

  it("a server that does not listen gets no copies and a reason, and nothing throws", async () => {
    const problems: string[] = [];
    const copies = await acceptCopies(
      createServer(),
      2,
      () => createServer(),
      4096,
      (r) => problems.push(r),
    );
    expect(copies).toEqual([]);
    expect(problems[0]).toContain("not listening");
  });

  it("none asked, none made (and no helper started)", async () => {
    const original = await listening(() => undefined);
    expect(await acceptCopies(original, 0, () => createServer(), 4096)).toEqual([]);
  });
});

describe("the hub's --accept-copies", () => {
  it("serves MQTT through its copies and closes them all on stop", async () => {
    const dataDir = await tempDir();
    const hub = await startTestHub({ dataDir, tables: ["t1"], acceptCopies: 3 });
    try {
      await expect
        .poll(() => hub.records.find((r) => r.event === "hub.accept_copies"), { timeout: 10_000 })
        .toMatchObject({ port: "mqtt", copies: 3 });
      const clients = await Promise.all(
        Array.from({ length: 8 }, () => connectIdentity(hub, "display/t1")),
      );
      for (const c of clients) expect(c.client.connected).toBe(true);
      await Promise.all(clients.map((c) => c.client.endAsync(true)));
    } finally {
      await hub.stop();
      await removeDir(dataDir);
    }
    expect(await refused(hub.mqttPort)).toBe(true);
    expect(hub.records.some((r) => r.event === "hub.accept_copies_failed")).toBe(false);
  });

  it("refuses a count outside 0..64 before starting", async () => {
    const run = await runHub(["--accept-copies", "65", "--mqtt-port", "0", "--http-port", "0"]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain("--accept-copies");
  });
});
