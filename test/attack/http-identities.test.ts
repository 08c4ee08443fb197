/**
 * The hub's host-only HTTP routes (the game record with every role and night choice, the
 * pairing API with every password, the revoke) tried with every other identity's password
 * of two tables: the audience (issue 13), the display, all twenty seats, and the other
 * table's host. Each is refused (401) as Bearer and as Basic under its own name and the
 * host's, and a refused revoke changes no password. The audience page itself is public and
 * carries no key.
 */
import { describe, expect, it } from "vitest";
import { HostConsole, useTestHub } from "../helpers/hub.js";
import { IDENTITIES } from "../security/matrix.js";

const fx = useTestHub({ tables: ["t1", "t2"] });
const base = () => `http://127.0.0.1:${fx.hub.httpPort}`;
const basic = (user: string, pw: string) =>
  `Basic ${Buffer.from(`${user}:${pw}`).toString("base64")}`;

const ROUTES: [string, string][] = [
  ["GET", "/record/t1/latest?format=json"],
  ["GET", "/api/pairing?table=t1"],
  ["POST", "/api/pairing/revoke?table=t1&seat=4"],
];

describe("host-only HTTP routes against every other identity", () => {
  it("refuses the audience, the display, every seat and the other table's host", async () => {
    const hc = await fx.connect("host/t1");
    await hc.client.subscribeAsync("mafia/v1/t1/host/#", { qos: 1 });
    const host = new HostConsole(hc);
    const seats = Array.from({ length: 10 }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));
    expect((await host.command("setup", { ruleset: "sport", seats })).ok).toBe(true);
    expect((await host.command("start")).ok).toBe(true);
    const seat4 = fx.hub.secrets.password("seat/t1/4");
    const accepted: string[] = [];
    for (const { username } of IDENTITIES) {
      if (username === "host/t1") continue;
      const pw = fx.hub.secrets.password(username) as string;
      const tries = [`Bearer ${pw}`, basic(username, pw), basic("t1/host", pw)];
      for (const [method, path] of ROUTES) {
        for (const authorization of tries) {
          const r = await fetch(`${base()}${path}`, { method, headers: { authorization } });
          if (r.status !== 401) accepted.push(`${username} ${method} ${path}: ${r.status}`);
          await r.body?.cancel();
        }
      }
    }
    expect(accepted).toEqual([]);
    expect(fx.hub.secrets.password("seat/t1/4")).toBe(seat4);
    // The host's own password works (so the refusals above are not a broken route).
    const hostPw = fx.hub.secrets.password("host/t1") as string;
    const ok = await fetch(`${base()}/record/t1/latest?format=json`, {
      headers: { authorization: `Bearer ${hostPw}` },
    });
    expect(ok.status).toBe(200);
  }, 60_000);

  it("the audience page is served without a key and holds none", async () => {
    const r = await fetch(`${base()}/audience/`);
    const body = await r.text();
    expect([200, 404]).toContain(r.status);
    for (const { username } of IDENTITIES)
      expect(body).not.toContain(fx.hub.secrets.password(username) as string);
  });
});
