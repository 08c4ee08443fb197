/**
 * The forum's texts end to end in real Chromium: a will written on a phone comes out on
 * the display at its author's death; an ad under a pseudonym handed to another phone is
 * printed in the paper, and no payload any identity can receive names its author. Both
 * texts carry HTML and a script, which must show as characters and never run.
 */
import mqtt, { type MqttClient } from "mqtt";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { HostClient, screenshot } from "./harness.js";
import { deepText } from "./page.js";
import { Phone, poll } from "./phone.js";
import { usePhoneTable } from "./phone-table.js";

const t = usePhoneTable("forum-text-");
const NAMES = "Anna Boris Clara Dmitri Eva Felix Greta Hans Ida Jonas Karla Lev Mia".split(" ");
const WILL =
  'Trust <b>5</b><img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
const AD1 =
  'Meet at <a href="javascript:window.__pwned=3">noon</a><script>window.__pwned=4</script>';
const AD2 = '<svg onload="window.__pwned=5"></svg> the second ad';
const PSEUDONYM = "Der <i>Rabe</i>";

const clients: MqttClient[] = [];
/** One host connection for the file (a second one under the same client id would replace it). */
let host: HostClient | null = null;
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync()));
});

async function connect(username: string): Promise<MqttClient> {
  const c = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.hub.mqttPort}`, {
    protocolVersion: 4,
    username,
    password: t.password(username),
    clientId: `${username.replaceAll("/", "-")}-sniff-${clients.length}`,
    reconnectPeriod: 0,
  });
  clients.push(c);
  return c;
}

/** A forum game of 13, its roles read from the host view; the host steps it by hand. */
async function newGame(): Promise<{ host: HostClient; roles: Map<number, string> }> {
  const h = host ?? (await HostClient.connect(t.hub));
  host = h;
  return { host: h, roles: await deal(h) };
}

async function deal(host: HostClient): Promise<Map<number, string>> {
  const before = host.view;
  await host.until(() => host.state, "the public state");
  if (host.state?.phase === "day" || host.state?.phase === "night") await host.ok({ cmd: "end" });
  await host.ok({
    cmd: "setup",
    ruleset: "forum",
    seats: NAMES.map((name, i) => ({ seat: i + 1, name })),
    options: { autoAdvance: false, lang: "en" },
  });
  await host.ok({ cmd: "start" });
  await host.until(() => host.view !== before && host.view?.seats.every((s) => s.role), "the deal");
  await host.ok({ cmd: "next" }); // the status step ends: Day 1
  await host.until(() => host.state?.step === "day", "day 1");
  return new Map((host.view?.seats ?? []).map((s) => [s.seat, s.role]));
}

async function openDisplay(): Promise<Page> {
  const page = await t.browser.newPage({ viewport: { width: 1920, height: 1080 } });
  page.on("pageerror", (err) => {
    throw err;
  });
  const key = t.password("display/t1");
  await page.goto(
    `http://127.0.0.1:${t.hub.httpPort}/?table=t1&lang=en#k=${encodeURIComponent(key)}`,
  );
  return page;
}

async function openPhone(seat: number): Promise<Phone> {
  const phone = await Phone.open(t.browser, t.link(seat, "en"));
  await phone.online();
  await phone.page.locator('seat-text-panel [data-action="open-texts"]').click();
  return phone;
}

/** Nothing the players wrote ran, and no element came out of their text. */
async function expectInert(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBe(
    undefined,
  );
  const injected = await page.evaluate(() => {
    // Our own templates use no <i>; anything mentioning `pwned` came out of a player's text.
    const found: string[] = [];
    const walk = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll("*")) {
        const tag = el.tagName.toLowerCase();
        const attrs = [...el.attributes].map((a) => `${a.name}=${a.value}`).join(" ");
        if (tag === "i" || (tag !== "textarea" && /pwned/.test(attrs))) found.push(el.outerHTML);
        if (tag === "script" && /pwned/.test(el.textContent ?? "")) found.push(el.outerHTML);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    return found;
  });
  expect(injected).toEqual([]);
}

let seq = 0;
function vote(c: MqttClient, target: number): Promise<unknown> {
  seq += 1;
  const input = { boot: "0badc0de", seq, kind: "act", action: "vote", targets: [target] };
  return c.publishAsync(
    `mafia/v1/t1/seat/${Number(c.options.username?.split("/")[2])}/input`,
    JSON.stringify(input),
    { qos: 1 },
  );
}

describe("forum texts on phones and the display", () => {
  it("FORUM-WILL-02: a will written on the phone (HTML and a script in it) is published on the display at its author's death, as text", async () => {
    const { host, roles } = await newGame();
    const citizens = [...roles].filter(([, r]) => r === "citizen").map(([s]) => s);
    const [author, voter] = citizens as [number, number];
    const display = await openDisplay();
    const phone = await openPhone(author);
    await phone.page.locator('seat-text-panel textarea[name="will"]').fill(WILL);
    await phone.page.locator('seat-text-panel [data-action="save-will"]').click();
    await phone.page.locator('seat-text-panel [data-saved="will"]').waitFor({ timeout: 5000 });
    expect(await phone.page.locator('seat-text-panel [data-saved="will"]').textContent()).toBe(
      WILL,
    );
    await expectInert(phone.page);
    expect(await deepText(display)).not.toContain("Trust");

    // The author is lynched: his own default vote and one more against him (FORUM-VOTE-03).
    const c = await connect(`seat/t1/${voter}`);
    await vote(c, author);
    await host.until(
      () => (host.state?.extras.votes as Record<string, unknown>)?.[voter],
      "the vote",
    );
    await host.ok({ cmd: "next" });
    await host.until(() => host.state?.seats[author - 1]?.alive === false, "the lynch");
    const will = display.locator(`mafia-text-board .will[data-seat="${author}"]`);
    await will.waitFor({ timeout: 5000 });
    expect(await will.textContent()).toContain(WILL);
    await expectInert(display);
    await screenshot(display, "forum-text-will-display");
    await Promise.all([phone.close(), display.close()]);
  });

  it("FORUM-NEWS-05, FORUM-NEWS-06: an ad under a handed-over pseudonym is printed, and no topic names its author", async () => {
    const { host, roles } = await newGame();
    const [a, b] = [...roles].filter(([, r]) => r === "citizen").map(([s]) => s) as [
      number,
      number,
    ];
    // Everyone who can listen, listening to everything they may (a `#` is refused, QoS 128).
    const heard: { who: string; topic: string; payload: string }[] = [];
    const listen = async (who: string, filters: string[]) => {
      const c = await connect(who);
      c.on("message", (topic, p) => heard.push({ who, topic, payload: p.toString() }));
      const refused = await c.subscribeAsync("#", { qos: 1 }).then(
        () => false,
        () => true,
      );
      expect(refused, `${who} may not subscribe to #`).toBe(true);
      await c.subscribeAsync(filters, { qos: 1 });
    };
    await listen("host/t1", ["mafia/v1/t1/host/#", "mafia/v1/t1/public/#"]);
    await listen("display/t1", ["mafia/v1/t1/public/#"]);
    for (const s of NAMES.map((_, i) => i + 1))
      await listen(
        `seat/t1/${s}`,
        ["view", "signal", "text"]
          .map((leaf) => `mafia/v1/t1/seat/${s}/${leaf}`)
          .concat("mafia/v1/t1/public/#"),
      );
    const display = await openDisplay();
    const [phoneA, phoneB] = [await openPhone(a), await openPhone(b)];

    await phoneA.page.locator('seat-text-panel input[name="pseudonym"]').fill(PSEUDONYM);
    await phoneA.page.locator('seat-text-panel textarea[name="ad"]').fill(AD1);
    await phoneA.page.locator('seat-text-panel [data-action="place-ad"]').click();
    const handOver = phoneA.page.locator("seat-text-panel select[data-pseudonym]");
    await handOver.waitFor({ timeout: 5000 });
    await handOver.selectOption(String(b));
    await phoneA.page.locator('seat-text-panel [data-action="hand-over"]').click();
    await phoneB.page.locator("seat-text-panel select[data-pseudonym]").waitFor({ timeout: 5000 });
    await phoneB.page.locator('seat-text-panel input[name="pseudonym"]').fill(PSEUDONYM);
    await phoneB.page.locator('seat-text-panel textarea[name="ad"]').fill(AD2);
    await phoneB.page.locator('seat-text-panel [data-action="place-ad"]').click();
    await poll(
      async () => (await phoneB.page.locator("seat-text-panel [data-pending]").count()) === 1,
      "b's ad taken",
    );
    expect(await deepText(display)).not.toContain("the second ad"); // nothing before the paper

    await host.ok({ cmd: "next" }); // the day ends: its paper (FORUM-NEWS-01)
    const ads = display.locator("mafia-text-board .ad");
    await poll(async () => (await ads.count()) === 2, "the paper on the display");
    expect(await ads.allTextContents()).toEqual([
      expect.stringContaining(`${PSEUDONYM}${AD1}`),
      expect.stringContaining(`${PSEUDONYM}${AD2}`),
    ]);
    for (const page of [display, phoneA.page, phoneB.page]) await expectInert(page);
    await screenshot(display, "forum-text-paper-display");

    // Every payload anyone but the two authors' own seats received: the pseudonym appears only
    // as an ad's {pseudonym, text} or a bare name in a list, and nothing is keyed to a writer.
    await host.ok({ cmd: "end" });
    await new Promise((r) => setTimeout(r, 300));
    const own = (h: (typeof heard)[number]) =>
      [a, b].some((s) => h.topic.startsWith(`mafia/v1/t1/seat/${s}/`));
    const checked = heard.filter((h) => !own(h) && h.payload.length > 0);
    expect(checked.some((h) => h.payload.includes("the second ad"))).toBe(true);
    const leaks: string[] = [];
    const walk = (v: unknown, where: string) => {
      if (Array.isArray(v)) {
        if (v.includes(PSEUDONYM) && !v.every((x) => typeof x === "string")) leaks.push(where);
        for (const [i, x] of v.entries()) walk(x, `${where}[${i}]`);
      } else if (v && typeof v === "object") {
        const o = v as Record<string, unknown>;
        // An ad as printed ({pseudonym, text}), or as the host's undo list names the input
        // (host/undoable: the action alone, its seat and a handover's recipient left out).
        const keys = Object.keys(o).sort().join();
        const anonymous =
          keys === "pseudonym,text" ||
          keys === "kind,pseudonym,text" ||
          (keys === "kind,pseudonym,to" && o.to === null);
        if (Object.values(o).includes(PSEUDONYM) && !anonymous)
          leaks.push(`${where}: ${JSON.stringify(o).slice(0, 120)}`);
        for (const [k, x] of Object.entries(o)) walk(x, `${where}.${k}`);
      }
    };
    for (const h of checked) {
      expect(h.payload, `${h.who} ${h.topic}`).not.toMatch(/"by":|"owner":|"author":|adsPlaced/);
      walk(JSON.parse(h.payload), `${h.who} ${h.topic}`);
    }
    expect(leaks).toEqual([]);
    // The phones' own sockets: what each received names no pseudonym of the other.
    const other = phoneA.sniffer.publishes.filter((p) => p.topic.includes(`/seat/${b}/`));
    expect(other).toEqual([]);
  });
});
