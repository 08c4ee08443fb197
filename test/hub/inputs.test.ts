/**
 * The input path over MQTT: duplicates of (seat, boot, seq) are acknowledged and ignored,
 * and every kind of bad payload is rejected with its code while the state stays the same.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GameState } from "../../hub/engine/index.js";
import {
  type Connected,
  connectIdentity,
  endAll,
  gameOf,
  HostConsole,
  journalText,
  Paddle,
  subscribeGranted,
  useTestHub,
} from "../helpers/hub.js";

const fx = useTestHub();

let seat: Connected;
let paddle: Paddle;
let host: HostConsole;

function state(): GameState {
  return gameOf(fx.hub);
}

async function journalLines(): Promise<string[]> {
  return (await journalText(fx.hub)).trim().split("\n");
}

beforeAll(async () => {
  seat = await connectIdentity(fx.hub, "seat/t1/3");
  await subscribeGranted(seat.client, ["mafia/v1/t1/seat/3/signal", "mafia/v1/t1/seat/3/view"]);
  paddle = new Paddle(3, seat);
  const h = await connectIdentity(fx.hub, "host/t1");
  await subscribeGranted(h.client, ["mafia/v1/t1/host/#"]);
  host = new HostConsole(h);
  await fx.hub.tables.get("t1")?.idle();
});

afterAll(async () => {
  await endAll(seat, host?.conn);
});

describe("duplicates", () => {
  it("a re-sent (seat, boot, seq) is acknowledged and applied once", async () => {
    const seq = await paddle.send("hello", { fw: "1.0.0", caps: ["thumb"] });
    await fx.hub.tables.get("t1")?.idle();
    const rev = state().rev;
    const lines = (await journalLines()).length;
    const again = JSON.stringify({
      boot: paddle.boot,
      seq,
      kind: "hello",
      fw: "1.0.0",
      caps: ["thumb"],
    });
    await paddle.raw(again); // PUBACK arrives: the publish resolves
    await paddle.raw(again);
    await fx.hub.tables.get("t1")?.idle();
    expect(state().rev).toBe(rev);
    expect((await journalLines()).length).toBe(lines);
    expect(
      fx.hub.records.filter((r) => r.event === "input.duplicate" && r.seq === seq),
    ).toHaveLength(2);
  });

  it("an older seq of the same boot is a duplicate too; a new boot starts again at 1", async () => {
    await paddle.send("thumb", { down: true });
    const rev = state().rev;
    await paddle.raw(JSON.stringify({ boot: paddle.boot, seq: 1, kind: "thumb", down: false }));
    await fx.hub.tables.get("t1")?.idle();
    expect(state().rev).toBe(rev);
    const rebooted = new Paddle(3, seat, "t1", "0badcafe");
    await rebooted.send("thumb", { down: false });
    await fx.hub.tables.get("t1")?.idle();
    expect(state().rev).toBe(rev + 1);
    expect(state().seats[2]?.thumbDown).toBe(false);
  });

  it("a host command re-sent with the same id is acknowledged and not applied again", async () => {
    const { client, inbox } = host.conn;
    const body = JSON.stringify({ id: "dup-1", cmd: "start" });
    const first = inbox.next<{ id: string; ok: boolean }>(
      "mafia/v1/t1/host/reply",
      (r) => r.id === "dup-1",
    );
    await client.publishAsync("mafia/v1/t1/host/command", body, { qos: 1 });
    expect((await first).ok).toBe(true);
    const rev = state().rev;
    const second = inbox.next<{ id: string; ok: boolean; warnings?: string[] }>(
      "mafia/v1/t1/host/reply",
      (r) => r.id === "dup-1",
    );
    await client.publishAsync("mafia/v1/t1/host/command", body, { qos: 1 });
    const reply = await second;
    expect(reply.ok).toBe(true);
    expect(reply.warnings?.[0]).toMatch(/duplicate/);
    expect(state().rev).toBe(rev);
  });
});

describe("bad payloads: each rejected with its code, state unchanged", () => {
  const cases: [string, string | Buffer, string][] = [
    ["not JSON", "{nope", "bad_json"],
    ["JSON but not an object", "[1,2]", "bad_json"],
    ["not UTF-8", Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), "bad_utf8"],
    [
      "larger than 1024 bytes",
      JSON.stringify({ boot: "00000001", seq: 1, kind: "pass", pad: "x".repeat(1100) }),
      "too_large",
    ],
    ["unknown kind", JSON.stringify({ boot: "00000001", seq: 900, kind: "dance" }), "unknown_kind"],
    [
      "wrong types",
      JSON.stringify({ boot: "00000001", seq: 901, kind: "thumb", down: "yes" }),
      "bad_payload",
    ],
    ["bad boot", JSON.stringify({ boot: "XYZ", seq: 902, kind: "pass" }), "bad_payload"],
    ["seq below 1", JSON.stringify({ boot: "00000001", seq: 0, kind: "pass" }), "bad_payload"],
    [
      "a target that is not a seat",
      JSON.stringify({ boot: "00000001", seq: 903, kind: "act", action: "shoot", targets: [99] }),
      "bad_payload",
    ],
  ];
  for (const [what, payload, code] of cases) {
    it(`${what} → ${code}`, async () => {
      await fx.hub.tables.get("t1")?.idle();
      const before = structuredClone(state());
      const signal = seat.inbox.next<{ error: string }>(
        "mafia/v1/t1/seat/3/signal",
        (s) => s.error === code,
      );
      await paddle.raw(payload);
      expect((await signal).error).toBe(code);
      expect(state()).toEqual(before);
      expect(seat.client.connected).toBe(true);
    });
  }

  it("QUIET-REFUSED-01: an act that answers no prompt → not_your_turn (engine rejection), the game unchanged", async () => {
    await fx.hub.tables.get("t1")?.idle();
    const before = structuredClone(state());
    const signal = seat.inbox.next<{ error: string; haptic?: string }>(
      "mafia/v1/t1/seat/3/signal",
      (s) => !!s.error,
    );
    await paddle.send("act", { action: "shoot", targets: [1] });
    const s = await signal;
    expect(["not_your_turn", "no_prompt", "bad_action"]).toContain(s.error);
    expect(s.haptic).toBe("long");
    // At night a refused act from a seat that owes an answer is that answer
    // (QUIET-REFUSED-01): only the night's count of answers moves.
    const game = (g: object) => ({ ...g, quiet: null, rev: 0, now: 0 });
    expect(game(state() as object)).toEqual(game(before as object));
  });

  it("a bad host command gets a reply with its code, salvaging the id", async () => {
    const { client, inbox } = host.conn;
    const cases: [string, string][] = [
      [JSON.stringify({ id: "b1", cmd: "launch" }), "unknown_command"],
      [JSON.stringify({ id: "b2", cmd: "foul", seat: "three" }), "bad_payload"],
      [JSON.stringify({ id: "b3", cmd: "start", extra: 1 }), "bad_payload"],
    ];
    for (const [body, code] of cases) {
      const id = (JSON.parse(body) as { id: string }).id;
      const reply = inbox.next<{ id: string; ok: boolean; error: string; message: string }>(
        "mafia/v1/t1/host/reply",
        (r) => r.id === id,
      );
      await client.publishAsync("mafia/v1/t1/host/command", body, { qos: 1 });
      const r = await reply;
      expect(r).toMatchObject({ ok: false, error: code });
      expect(r.message.length).toBeGreaterThan(0);
    }
    const noId = inbox.next<{ id: string; error: string }>(
      "mafia/v1/t1/host/reply",
      (r) => r.id === "",
    );
    await client.publishAsync("mafia/v1/t1/host/command", "garbage", { qos: 1 });
    expect((await noId).error).toBe("bad_json");
  });
});

describe("setup", () => {
  it("says which seats and options are wrong", async () => {
    await host.command("end");
    const seats = Array.from({ length: 9 }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));
    const r = await host.command("setup", {
      ruleset: "sport",
      seats,
      options: { speechSeconds: 1, colour: "red" },
    });
    expect(r.ok).toBe(false);
    // One reply lists every mistake: the seat count and both options.
    expect(r.error).toBe("bad_setup");
    expect(r.details?.some((d) => d.startsWith("seats:"))).toBe(true);
    expect(r.details?.some((d) => d.includes("options.speechSeconds"))).toBe(true);
    expect(r.details?.some((d) => d.includes('"colour"'))).toBe(true);
    const count = await host.command("setup", { ruleset: "sport", seats });
    expect(count).toMatchObject({ ok: false, error: "bad_setup" });
    expect(count.details?.join(" ")).toMatch(/^seats: .*10/);
    const seats10 = Array.from({ length: 10 }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));
    const opt = await host.command("setup", {
      ruleset: "sport",
      seats: seats10,
      options: { autoAdvance: "no" },
    });
    expect(opt).toMatchObject({ ok: false, error: "bad_option_value" });
    const dupName = await host.command("setup", {
      ruleset: "sport",
      seats: seats10.map((s) => (s.seat === 2 ? { ...s, name: "P1" } : s)),
    });
    expect(dupName).toMatchObject({ ok: false, error: "bad_setup" });
    expect(dupName.details?.join(" ")).toMatch(/P1/);
    const badRuleset = await host.command("setup", { ruleset: "poker", seats: seats10 });
    expect(badRuleset).toMatchObject({ ok: false, error: "bad_ruleset" });
    const ok = await host.command("setup", {
      ruleset: "sport",
      seats: seats10,
      options: { speechSeconds: 30 },
    });
    expect(ok.ok).toBe(true);
    expect(state().seats[0]?.name).toBe("P1");
    expect(state().phase).toBe("setup");
  });
});
