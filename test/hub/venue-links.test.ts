/**
 * Issue 24, links a venue can open: printed links, the pairing API's base and so the
 * console's QR codes name an address a TV or a phone can reach (a LAN address, or
 * `--public-url` when given), never `localhost`.
 */
import { afterAll, describe, expect, it } from "vitest";
import { lanAddresses, linkBases } from "../../hub/web/links.js";
import { pairingOrigin } from "../../web-display/src/pairing-origin.js";
import { spawnHub } from "../helpers/cli-process.js";
import { removeDir, startTestHub, tempDir } from "../helpers/hub.js";

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await removeDir(d);
});
async function newDir(): Promise<string> {
  const dir = await tempDir("hub-links-");
  dirs.push(dir);
  return dir;
}

const iface = (address: string, family: "IPv4" | "IPv6", internal = false) => ({
  address,
  family,
  internal,
  netmask: "",
  mac: "02:00:00:00:00:01",
  cidr: null,
  ...(family === "IPv6" ? { scopeid: 0 } : {}),
});

describe("LAN addresses", () => {
  it("IPv4 first, then global IPv6; never loopback or link-local", () => {
    const interfaces = {
      lo: [iface("127.0.0.1", "IPv4", true), iface("::1", "IPv6", true)],
      eth0: [iface("fd00::2", "IPv6"), iface("fe80::1", "IPv6"), iface("192.168.1.20", "IPv4")],
      wlan0: [iface("169.254.3.4", "IPv4"), iface("10.0.0.7", "IPv4")],
    } as Parameters<typeof lanAddresses>[0];
    expect(lanAddresses(interfaces)).toEqual(["192.168.1.20", "10.0.0.7", "[fd00::2]"]);
    expect(linkBases({ scheme: "http", port: 8080, publicUrl: null, interfaces })).toEqual([
      "http://192.168.1.20:8080",
      "http://10.0.0.7:8080",
      "http://[fd00::2]:8080",
    ]);
  });

  it("--public-url wins; a hub bound to one address names it; no network: localhost", () => {
    const interfaces = { eth0: [iface("192.168.1.20", "IPv4")] } as Parameters<
      typeof lanAddresses
    >[0];
    const publicUrl = new URL("https://mafia.club");
    expect(linkBases({ scheme: "http", port: 8080, publicUrl, interfaces })).toEqual([
      "https://mafia.club",
    ]);
    expect(
      linkBases({
        scheme: "https",
        port: 8443,
        publicUrl: null,
        listenHost: "10.1.1.1",
        interfaces,
      }),
    ).toEqual(["https://10.1.1.1:8443"]);
    expect(
      linkBases({ scheme: "http", port: 80, publicUrl: null, listenHost: "0.0.0.0", interfaces }),
    ).toEqual(["http://192.168.1.20:80"]);
    expect(linkBases({ scheme: "http", port: 8080, publicUrl: null, interfaces: {} })).toEqual([
      "http://localhost:8080",
    ]);
  });

  it("the console draws on its own origin, the LAN base when opened as localhost, the public URL always", () => {
    const lan = { base: "http://192.168.1.20:8080", public: false };
    const pub = { base: "https://mafia.club", public: true };
    const local = { origin: "http://localhost:8080", hostname: "localhost" };
    const byIp = { origin: "http://10.0.0.7:8080", hostname: "10.0.0.7" };
    expect(pairingOrigin(local, lan)).toBe("http://192.168.1.20:8080");
    expect(pairingOrigin(byIp, lan)).toBe("http://10.0.0.7:8080");
    expect(pairingOrigin(byIp, pub)).toBe("https://mafia.club");
    expect(pairingOrigin(local, null)).toBe("http://localhost:8080");
  });
});

async function pairingApi(hub: Awaited<ReturnType<typeof startTestHub>>) {
  const r = await fetch(`http://127.0.0.1:${hub.httpPort}/api/pairing?table=t1`, {
    headers: { authorization: `Bearer ${hub.secrets.password("host/t1")}` },
  });
  expect(r.status).toBe(200);
  return (await r.json()) as { base: string; public: boolean };
}

describe("the hub's links", () => {
  it("a hub on every interface names a LAN address (when the machine has one), in the pairing API too", async () => {
    const hub = await startTestHub({ dataDir: await newDir(), host: undefined });
    try {
      const lan = lanAddresses();
      const expected = lan.length > 0 ? `http://${lan[0]}:${hub.httpPort}` : null;
      if (expected) expect(hub.linkBases()[0]).toBe(expected);
      else expect(hub.linkBases()).toEqual([`http://localhost:${hub.httpPort}`]);
      const api = await pairingApi(hub);
      expect(api).toMatchObject({ base: hub.linkBases()[0], public: false });
    } finally {
      await hub.stop();
    }
  });

  it("--public-url: the printed links and the pairing API use it", async () => {
    const hub = await startTestHub({
      dataDir: await newDir(),
      host: undefined,
      publicUrl: "https://mafia.club",
    });
    try {
      expect(hub.linkBases()).toEqual(["https://mafia.club"]);
      expect(await pairingApi(hub)).toMatchObject({ base: "https://mafia.club", public: true });
    } finally {
      await hub.stop();
    }
  });

  it("the command line prints links on a LAN address or the public URL, never localhost", async () => {
    const lan = lanAddresses()[0];
    const dir = await newDir();
    const args = ["--data-dir", dir, "--mqtt-port", "0", "--http-port", "0", "--no-mdns"];
    const hub = await spawnHub([...args, "--print-pairing"]);
    hub.proc.kill("SIGTERM");
    await hub.exited;
    const pairing = hub
      .stderr()
      .split("\n")
      .filter((l) => l.includes('"hub.pairing"'))
      .map((l) => JSON.parse(l) as { display: string; host: string; audience: string });
    expect(pairing).toHaveLength(1);
    const origin = lan ? `http://${lan}:${hub.httpPort}` : `http://localhost:${hub.httpPort}`;
    for (const link of Object.values(pairing[0] ?? {}).filter((v) => String(v).includes("://")))
      expect(String(link).startsWith(`${origin}/`)).toBe(true);

    const pub = await spawnHub([...args, "--print-pairing", "--public-url", "https://mafia.club"]);
    pub.proc.kill("SIGTERM");
    await pub.exited;
    expect(pub.stderr()).toContain('"host":"https://mafia.club/host/?table=t1"');
    expect(pub.stderr()).toContain('"display":"https://mafia.club/?table=t1#k=');
    expect(pub.stderr()).not.toMatch(/localhost:\d+\//);
  }, 60_000);
});
