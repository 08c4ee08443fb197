/**
 * A wired seat whose board drops off while the hub's acknowledgement of its last input is
 * late (a loaded hub, seen on the genuine board: docs/HARDWARE.md). The input did reach the
 * hub and was journaled; the seat's session ended without the PUBACK. The next session must
 * send that input again under its own boot and seq, which the hub knows (dedupe), and never
 * the level again under a new seq, which was journaled a second time: one thumb down, one
 * journal line. A small TCP proxy between the hardware and the broker holds the hub's bytes
 * back, as a late PUBACK; the board, broker, hub and hardware layer are the real ones.
 */
import { createServer, Socket } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import type { FirmataBoardEmulator } from "../../firmware-sim/firmata/board-emulator.js";
import { createMemoryLogger } from "../../hub/process/logger.js";
import { HostConsole, journalText, subscribeGranted, until, useTestHub } from "../helpers/hub.js";
import { publicState, type Rig, startRig } from "./rig.js";

interface HostSeat {
  thumbDown: boolean | null;
  blindfoldOn: boolean | null;
}

/** Forwards TCP to `port`; while `holding`, what the hub sends is dropped, not forwarded. */
async function holdingProxy(port: number) {
  const sockets = new Set<Socket>();
  const proxy = { holding: false, port: 0 };
  const server = createServer((client) => {
    const hub = new Socket();
    sockets.add(client).add(hub);
    hub.connect(port, "127.0.0.1");
    client.on("data", (d) => hub.write(d));
    hub.on("data", (d) => {
      if (!proxy.holding) client.write(d);
    });
    const close = () => {
      client.destroy();
      hub.destroy();
    };
    client.on("close", close).on("error", close);
    hub.on("close", close).on("error", close);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  proxy.port = (server.address() as { port: number }).port;
  return {
    proxy,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

describe("a wired seat across an unplug with its last PUBACK late", () => {
  const fx = useTestHub();
  const { logger, records } = createMemoryLogger("debug");
  let rig: Rig | null = null;
  let closeProxy: (() => Promise<void>) | null = null;
  afterAll(async () => {
    await rig?.close();
    await closeProxy?.();
  });

  it("journals the thumb down once: the next session re-sends it under its seq, never as a new input", async () => {
    const hc = await fx.connect("host/t1");
    await subscribeGranted(hc.client, ["mafia/v1/t1/host/#", "mafia/v1/t1/public/#"]);
    const host = new HostConsole(hc);
    const seats = Array.from({ length: 10 }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));
    expect((await host.command("setup", { ruleset: "sport", seats })).ok).toBe(true);
    const { proxy, close } = await holdingProxy(fx.hub.mqttPort);
    closeProxy = close;
    rig = await startRig({ mqttPort: proxy.port, secrets: fx.hub.secrets }, logger, {
      seats: [{ seat: 7, thumb: 2, blindfold: 3 }],
    });
    const r = rig;
    await publicState(hc, (s) => s.seats[6]?.online === true);
    const hostSeat7 = () =>
      (hc.inbox.latest("mafia/v1/t1/host/view")?.json as { seats: HostSeat[] })?.seats?.[6];
    await until(
      () => hostSeat7()?.thumbDown === false && hostSeat7()?.blindfoldOn === false,
      5000,
      "the first levels at the hub",
    );
    // and their PUBACKs, sent with them, at the seat before the hub's bytes are held
    await new Promise((res) => setTimeout(res, 300));
    const connections = r.hw.links[0]?.connections ?? 0;
    // The hub's bytes are held: the thumb down reaches the hub, its PUBACK never the seat.
    proxy.holding = true;
    const journaled = async () => {
      await fx.hub.tables.get("t1")?.idle();
      const lines = (await journalText(fx.hub)).split("\n");
      return lines.filter((l) => l.includes('"kind":"thumb","down":true')).length;
    };
    r.emu.setInput(2, 0);
    let first = 0;
    await until(
      () => {
        void journaled().then((n) => {
          first = n;
        });
        return first === 1;
      },
      5000,
      "the thumb down journaled",
    ).catch(async (e: Error) => {
      const wired = records.filter((x) => String(x.event ?? "").startsWith("wired"));
      throw new Error(`${e.message}: ${JSON.stringify(wired)} ${await journalText(fx.hub)}`);
    });
    // The cable comes out and stays out (the board's port closed): the session waits for
    // the PUBACK, in vain, and is ended; only then is the board back, as on the genuine one.
    const board = r.emu as FirmataBoardEmulator;
    const transport = r.hw.links[0]?.spec.transport as { port: number };
    await board.close();
    await until(
      () => records.some((x) => x.event === "wired.end_forced"),
      8000,
      "the session ended without its PUBACK",
    );
    proxy.holding = false;
    await board.listen(transport.port);
    await until(() => (r.hw.links[0]?.connections ?? 0) > connections, 10_000, "the board back");
    await publicState(hc, (s) => s.seats[6]?.online === true);
    // The hello of the new session is acknowledged after the re-sent input: wait for it.
    await until(
      () => records.filter((x) => x.event === "wired.input" && x.kind === "hello").length >= 2,
      5000,
      "the second hello",
    );
    await new Promise((res) => setTimeout(res, 500));
    await fx.hub.tables.get("t1")?.idle();
    expect(await journaled()).toBe(1);
    await hc.client.endAsync();
  });
});
