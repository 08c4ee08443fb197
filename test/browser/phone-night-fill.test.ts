/**
 * QUIET-FILL-01 on phones in real Chromium: two phones whose people do nothing at night
 * (an app mafia soldier with a real proposal to make and a councillor with a decoy) each
 * send, by the paddle firmware the phone runs, the night answer their seat owes as
 * "nothing", late in the night step and not before, so that an idle phone sends what an
 * active one does. Seen at the hub's broker, as anyone on the wire would count it.
 */
import type { AedesPublishPacket, Client } from "aedes";
import mqtt, { type MqttClient } from "mqtt";
import { describe, expect, it } from "vitest";
import { FILL_LEAD_MS } from "../../firmware-sim/firmware/night-fill.js";
import { NAMES } from "./game.js";
import { HostClient } from "./harness.js";
import { Phone, poll } from "./phone.js";
import { usePhoneTable } from "./phone-table.js";

const t = usePhoneTable("phone-fill-");
const NIGHT_SECONDS = 20;

describe("idle phones at night", () => {
  it("QUIET-FILL-01: each idle phone sends its owed answer as 'nothing', late in the night, whatever its role", async () => {
    const sent: { seat: number; kind: string; at: number }[] = [];
    let night: { until: number; now: number; seenAt: number } | null = null;
    t.hub.broker.aedes.on("publish", (packet: AedesPublishPacket, client: Client | null) => {
      const phone = client ? /^phone-t1-(\d+)-/.exec(client.id) : null;
      if (phone) {
        const kind = (JSON.parse(packet.payload.toString()) as { kind: string }).kind;
        sent.push({ seat: Number(phone[1]), kind, at: Date.now() });
      } else if (!client && packet.topic === "mafia/v1/t1/public/state" && !night) {
        const s = JSON.parse(packet.payload.toString()) as {
          phase: string;
          until: number;
          now: number;
        };
        if (s.phase === "night") night = { until: s.until, now: s.now, seenAt: Date.now() };
      }
    });
    // Every seat online through a silent connection; the phones join after the deal.
    const silent: MqttClient[] = await Promise.all(
      NAMES.map((_, i) =>
        mqtt.connectAsync(`mqtt://127.0.0.1:${t.hub.mqttPort}`, {
          protocolVersion: 4,
          username: `seat/t1/${i + 1}`,
          password: t.password(`seat/t1/${i + 1}`),
          clientId: `paddle-t1-${i + 1}-silent`,
          reconnectPeriod: 0,
        }),
      ),
    );
    const host = await HostClient.connect(t.hub);
    await host.ok({
      cmd: "setup",
      ruleset: "app",
      seats: NAMES.map((name, i) => ({ seat: i + 1, name })),
      options: { nightSeconds: NIGHT_SECONDS },
    });
    await host.ok({ cmd: "start" });
    await host.until(() => host.view?.seats.every((s) => s.role), "the deal");
    const soldier = host.seatsWith((r) => r === "soldier")[0];
    const councillor = host.seatsWith((r) => r === "councillor")[0];
    if (soldier === undefined || councillor === undefined)
      throw new Error(`roles: ${JSON.stringify(host.view?.seats)}`);
    const seats = [soldier, councillor];
    const phones = await Promise.all(seats.map((s) => Phone.open(t.browser, t.link(s, "en"))));
    await Promise.all(phones.map((p) => p.online()));
    const answers = (seat: number) =>
      sent.filter((s) => s.seat === seat && (s.kind === "act" || s.kind === "pass"));
    await poll(() => seats.every((s) => answers(s).length > 0), "the phones' owed answers", 30_000);
    // One answer each (the app owes one a night), "nothing", and only in the step's last part.
    await new Promise((r) => setTimeout(r, 1000));
    const n = night as { until: number; now: number; seenAt: number } | null;
    if (!n) throw new Error("no night seen");
    const end = n.seenAt + (n.until - n.now);
    for (const seat of seats) {
      expect(
        answers(seat).map((a) => a.kind),
        `seat ${seat}`,
      ).toEqual(["pass"]);
      const left = end - (answers(seat)[0]?.at ?? 0);
      expect(left, `seat ${seat}: ms before the night's end`).toBeLessThanOrEqual(
        FILL_LEAD_MS + 500,
      );
      expect(left).toBeGreaterThan(0);
    }
    await Promise.all([
      ...phones.map((p) => p.close()),
      host.end(),
      ...silent.map((c) => c.endAsync()),
    ]);
  }, 90_000);
});
