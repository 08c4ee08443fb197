/**
 * Pairing a phone by the host console's QR code, in Debian's chromium with a phone's
 * viewport and touch: the code encodes the seat's link (the same QR the `qrcode` library
 * draws for that link), the password travels in the fragment and leaves the address bar,
 * the phone is that seat and nothing more, the console shows the seat as on a phone, and
 * a revoked pairing is refused until the seat's new code is scanned.
 */
import { readFile } from "node:fs/promises";
import mqtt from "mqtt";
import type { Page } from "playwright-core";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { SimPaddle } from "../../firmware-sim/sim/sim-paddle.js";
import { seatInputTopic } from "../../protocol/topics.js";
import { QR_OPTIONS } from "../../web-display/src/host/pairing-panel.js";
import { FAST_TIMINGS } from "../firmware/sim-harness.js";
import { NAMES } from "./game.js";
import { HostClient, screenshot } from "./harness.js";
import { deepText } from "./page.js";
import { Phone, poll as until } from "./phone.js";
import { usePhoneTable } from "./phone-table.js";

const t = usePhoneTable("phone-pair-");

/** Shows seat N's code on the console; returns the link it encodes, checked against the QR drawn. */
async function scan(host: Page, seat: number): Promise<string> {
  const row = host.locator(`host-pairing tr[data-pair-seat="${seat}"]`);
  const figure = host.locator(`host-pairing figure[data-qr-seat="${seat}"]`);
  if ((await figure.count()) === 0) await row.locator('[data-action="qr"]').click();
  await figure.waitFor();
  const link = (await figure.getAttribute("data-link")) as string;
  const src = (await figure.locator("img").getAttribute("src")) as string;
  const svg = decodeURIComponent(src.replace(/^data:image\/svg\+xml;utf8,/, ""));
  expect(svg).toBe(await QRCode.toString(link, QR_OPTIONS));
  return link;
}

describe("phone pairing", () => {
  it("pairs seat 3 by its QR link; the console shows it on a phone; a revoke refuses it until the new code", async () => {
    const host = await t.hostConsole();
    const link = await scan(host, 3);
    const password = t.hub.secrets.password("seat/t1/3") as string;
    expect(link).toBe(
      `http://127.0.0.1:${t.hub.httpPort}/seat/?table=t1&seat=3#k=${encodeURIComponent(password)}`,
    );
    const phone = await Phone.open(t.browser, link);
    await phone.online();
    // The password left the address bar (the fragment never reached the hub).
    expect(new URL(phone.page.url()).hash).toBe("");
    await host.locator('host-pairing tr[data-pair-seat="3"][data-phones="1"]').waitFor();
    expect(await host.locator('host-pairing tr[data-pair-seat="3"]').textContent()).toContain(
      "phone",
    );
    // The phone is a drawn icon, not an emoji (an empty box without an emoji font).
    const row = host.locator('host-pairing tr[data-pair-seat="3"]');
    expect(await row.locator('svg[data-icon="phone"]').count()).toBe(1);
    expect(await row.textContent()).not.toMatch(/\p{Extended_Pictographic}/u);
    // Exactly that seat: its own view, public topics (the manifests with the hub's registered
    // words among them), nothing of another seat or the host.
    const topics = new Set(phone.sniffer.publishes.map((p) => p.topic));
    for (const t of topics)
      expect(t).toMatch(
        /^mafia\/v1\/t1\/(seat\/3\/(view|signal)|public\/(state|glance|rulesets))$/,
      );
    await screenshot(host, "host-pairing");

    await host.locator('host-pairing tr[data-pair-seat="3"] [data-action="revoke"]').click();
    await host.locator('host-pairing [role="status"]').waitFor();
    expect(await host.locator('host-pairing [role="status"]').textContent()).toContain(
      "Seat 3 has a new password; 1 connection(s) closed",
    );
    await phone.page.locator('[data-link="refused"]').waitFor({ timeout: 8000 });
    await host.locator('host-pairing tr[data-pair-seat="3"][data-phones="0"]').waitFor();
    const renewed = await scan(host, 3);
    expect(renewed).not.toBe(link);
    expect(renewed).toContain(encodeURIComponent(t.hub.secrets.password("seat/t1/3") as string));
    // The same phone scans the new code and is seat 3 again.
    await phone.page.goto(renewed);
    await phone.online();
    await Promise.all([phone.close(), host.close()]);
  }, 60_000);

  it("a phone and a paddle on seat 5 at once: each its own boot, every input applied once, a re-sent one from either ignored", async () => {
    const seat = 5;
    const password = t.hub.secrets.password(`seat/t1/${seat}`) as string;
    const phone = await Phone.open(
      t.browser,
      `http://127.0.0.1:${t.hub.httpPort}/seat/?table=t1&seat=${seat}#k=${encodeURIComponent(password)}`,
    );
    await phone.online();
    const paddle = new SimPaddle({
      mqttUrl: `mqtt://127.0.0.1:${t.hub.mqttPort}`,
      table: "t1",
      seat,
      password,
      timings: FAST_TIMINGS,
    });
    paddle.start();
    const paddleSent: string[] = [];
    try {
      await until(() => paddle.paddle.linkState === "up", "the paddle online");
      // Record what the paddle publishes from here on (its hello and sensor edges).
      const m = paddle.mqtt;
      const publish = m.publish.bind(m);
      m.publish = (topic, message, opts) => {
        paddleSent.push(message);
        return publish(topic, message, opts);
      };
      // Interleaved sensor edges from both devices.
      for (const down of [true, false, true, false]) {
        await phone.thumb(down);
        paddle.hal.setThumb(down);
        await phone.page.waitForTimeout(80);
      }
      await phone.blindfold(true);
      paddle.hal.setBlindfold(true);
      await until(() => paddle.paddle.outbox.pending === 0, "the paddle's inputs acknowledged");
      const inputs = async () =>
        (await readFile(t.hub.tables.get("t1")?.journalPath as string, "utf8"))
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line))
          .filter((r) => r.type === "input" && r.src?.seat === seat);
      // Settled: the journal no longer grows (the phone's last edges are debounced, then sent).
      let settled = -1;
      await until(async () => {
        const n = (await inputs()).length;
        const still = n === settled;
        settled = n;
        return still;
      }, "every input journaled");
      const phoneSent = phone.sniffer.sent.filter((p) => p.topic === seatInputTopic("t1", seat));
      const before = await inputs();
      const boots = new Map<string, number[]>();
      for (const r of before) boots.set(r.src.boot, [...(boots.get(r.src.boot) ?? []), r.src.seq]);
      expect(boots.size).toBe(2);
      for (const seqs of boots.values()) {
        expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
        expect(new Set(seqs).size).toBe(seqs.length);
      }
      // Both devices' inputs, sent again (as after a reconnect): acknowledged, applied never.
      const again = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.hub.mqttPort}`, {
        protocolVersion: 4,
        username: `seat/t1/${seat}`,
        password,
        clientId: `paddle-t1-${seat}-replayer`,
        reconnectPeriod: 0,
      });
      const replays = [...phoneSent.map((p) => p.payload), ...paddleSent];
      expect(replays.length).toBeGreaterThanOrEqual(10);
      for (const body of replays)
        await again.publishAsync(seatInputTopic("t1", seat), body, { qos: 1 });
      await again.endAsync();
      expect(await inputs()).toEqual(before);
      // Every input the phone sent is in the journal once (all were accepted in setup).
      const fromPhone = before.filter((r) => r.src.boot !== paddle.paddle.outbox.boot);
      expect(fromPhone.length).toBe(phoneSent.length);
    } finally {
      paddle.stop();
      await phone.close();
    }
  }, 60_000);

  it("speaks the seat's language (the view's lang) until the player picks another", async () => {
    const host = await HostClient.connect(t.hub);
    await host.ok({
      cmd: "setup",
      ruleset: "sport",
      seats: NAMES.map((name, i) =>
        i === 6 ? { seat: 7, name, lang: "ru" } : { seat: i + 1, name },
      ),
      options: {},
    });
    const password = t.hub.secrets.password("seat/t1/7") as string;
    const phone = await Phone.open(
      t.browser,
      `http://127.0.0.1:${t.hub.httpPort}/seat/?table=t1&seat=7#k=${encodeURIComponent(password)}`,
    );
    await phone.online();
    await phone.page.locator('[data-action="reveal"]', { hasText: "Удерживайте" }).waitFor();
    expect(await deepText(phone.page)).toContain("Перед игрой");
    await phone.page.locator('mafia-lang-switch button[data-lang="de"]').tap();
    await phone.page.locator('[data-action="reveal"]', { hasText: "Halten zum Ansehen" }).waitFor();
    expect(await deepText(phone.page)).toContain("Ich sage: Augenbinde ab");
    await Promise.all([phone.close(), host.end()]);
  }, 30_000);
});
