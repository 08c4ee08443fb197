/**
 * Issue 28: the record's Basic-auth user name in docs/PROTOCOL.md is the one the hub
 * accepts: the host's identity `host/{table}`, the same as over MQTT (/work/shared's
 * identity table), and the reversed `{table}/host` the docs once named is refused.
 */
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { hostUsername } from "../../protocol/index.js";
import { useTestHub } from "../helpers/hub.js";

const t = useTestHub({ tables: ["t1"], seats: 10 });

const basic = (user: string, pw: string) => ({
  authorization: `Basic ${Buffer.from(`${user}:${pw}`).toString("base64")}`,
});

describe("the record's Basic-auth user", () => {
  it("is the one docs/PROTOCOL.md names, and only that one", async () => {
    const doc = await readFile(new URL("../../docs/PROTOCOL.md", import.meta.url), "utf8");
    const named = /as HTTP Basic with the host identity `([^`]+)`/.exec(doc)?.[1];
    expect(named).toBe("host/{table}");
    const user = (named as string).replace("{table}", "t1");
    expect(user).toBe(hostUsername("t1"));
    const pw = t.hub.secrets.password(hostUsername("t1")) as string;
    const get = (user: string) =>
      fetch(`http://127.0.0.1:${t.hub.httpPort}/record/t1/latest?format=json`, {
        headers: basic(user, pw),
      });
    const ok = await get(user);
    expect(ok.status).not.toBe(401);
    await ok.body?.cancel();
    const reversed = await get("t1/host");
    expect(reversed.status).toBe(401);
    await reversed.body?.cancel();
  });
});
