/**
 * Issue 28: a host `setup` with `options.roles` nested 5,000 deep overflowed the stack
 * (caught as `internal`). Size and nesting are limited before any host command or seat
 * input is parsed: such a payload is refused with `too_deep`, and nothing changes.
 */
import { describe, expect, it } from "vitest";
import { decode, jsonDepthOver, MAX_JSON_DEPTH } from "../../protocol/codec.js";
import {
  connectIdentity,
  endAll,
  HostConsole,
  type HostReplyJson,
  subscribeGranted,
  useTestHub,
} from "../helpers/hub.js";

const t = useTestHub({ tables: ["t1"], seats: 10 });

const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

describe("nesting depth before parsing", () => {
  it("a setup with options.roles nested 5,000 deep is refused with too_deep and changes nothing", async () => {
    const hc = await connectIdentity(t.hub, "host/t1");
    try {
      await subscribeGranted(hc.client, ["mafia/v1/t1/host/#"]);
      const rev = t.hub.tables.get("t1")?.game?.rev;
      const reply = hc.inbox.next<HostReplyJson>("mafia/v1/t1/host/reply", (r) => r.ok === false);
      const payload = `{"id":"deep","cmd":"setup","ruleset":"sport","seats":[],"options":{"roles":${nested(5000)}}}`;
      await hc.client.publishAsync("mafia/v1/t1/host/command", payload, { qos: 1 });
      expect(await reply).toMatchObject({ ok: false, error: "too_deep" });
      await t.hub.tables.get("t1")?.idle();
      expect(t.hub.tables.get("t1")?.game?.rev).toBe(rev);
      // The connection and the table still work.
      expect((await new HostConsole(hc).command("pause")).error).not.toBe("internal");
    } finally {
      await endAll(hc);
    }
  }, 30_000);

  it("seat inputs and host commands: 16 levels pass the depth check, 17 do not; brackets in strings do not count", () => {
    expect(jsonDepthOver(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonDepthOver(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonDepthOver(`{"a":"${"[".repeat(100)}\\"["}`, MAX_JSON_DEPTH)).toBe(false);
    const seat = decode("mafia/v1/t1/seat/3/input", `{"kind":"vote","x":${nested(200)}}`);
    expect(seat).toMatchObject({ ok: false, code: "too_deep" });
    const host = decode("mafia/v1/t1/host/command", `{"cmd":"setup","options":${nested(17)}}`);
    expect(host).toMatchObject({ ok: false, code: "too_deep" });
  });
});
