/**
 * Issue 24: the hub advertises itself on the LAN with mDNS (DNS-SD): `_mqtt._tcp` for
 * paddles and `_http._tcp` for the screens, at `HOST.local`, and says goodbye at stop.
 * A real browse over multicast on this machine (the browser is bonjour-service's own, a
 * second responder in this process; multicast loops back to it), not a mock.
 */
import Bonjour from "bonjour-service";
import { afterAll, describe, expect, it } from "vitest";
import { localHostName } from "../../hub/web/mdns.js";
import { removeDir, startTestHub, tempDir, until } from "../helpers/hub.js";

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await removeDir(d);
});

interface Found {
  name: string;
  type: string;
  host: string;
  port: number;
  txt?: Record<string, string>;
}

describe("mDNS", () => {
  it("HOST.local from the machine's name: its first label, in host-name characters", () => {
    expect(localHostName("Club-PC.fritz.box")).toBe("club-pc.local");
    expect(localHostName("Mafia_Hub 2")).toBe("mafia-hub-2.local");
    expect(localHostName("")).toBe("mafia-hub.local");
  });

  it("a browse finds the hub's MQTT and HTTP services at HOST.local, and loses them at stop", async () => {
    const dir = await tempDir("hub-mdns-");
    dirs.push(dir);
    const hub = await startTestHub({
      dataDir: dir,
      host: undefined,
      mdns: true,
      tables: ["t1", "t2"],
    });
    const browser = new Bonjour.Bonjour();
    const up: Found[] = [];
    const down: Found[] = [];
    const mine = (s: Found) => s.port === hub.mqttPort || s.port === hub.httpPort;
    const finds = ["mqtt", "http"].map((type) => {
      const b = browser.find({ type });
      b.on("up", (s: Found) => mine(s) && up.push(s));
      b.on("down", (s: Found) => mine(s) && down.push(s));
      return b;
    });
    try {
      await until(() => up.length >= 2, 15_000, "both services found");
      const mqtt = up.find((s) => s.type === "mqtt");
      const http = up.find((s) => s.type === "http");
      expect(mqtt).toMatchObject({ port: hub.mqttPort, host: hub.mdnsHost });
      expect(http).toMatchObject({ port: hub.httpPort, host: hub.mdnsHost });
      expect(hub.mdnsHost).toMatch(/\.local$/);
      expect(mqtt?.txt).toEqual({ tables: "t1,t2" });
      expect(http?.txt).toEqual({ path: "/", tables: "t1,t2" });
      await hub.stop();
      await until(() => down.length >= 2, 15_000, "goodbye heard");
    } finally {
      for (const b of finds) b.stop();
      await hub.stop();
      await new Promise<void>((r) => browser.destroy(() => r()));
    }
  }, 40_000);
});
