/**
 * Attacks on the forum's texts from outside (issue 16): wills, ads under pseudonyms and
 * their transfer, over the real broker. Who wrote an ad or holds a pseudonym must reach no
 * topic (the host's included) and no export; a will must reach nobody before its author's
 * death, and a will left to one seat only that seat; writing changes no other client's
 * messages (so its time shows nowhere); markup stays characters; the rules' refusals
 * (a dead writer, a dead heir of a pseudonym, a sixth ad, limits, control characters)
 * change nothing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { HostConsole, type Received, useTestHub } from "../helpers/hub.js";
import { current, type HostViewJson, since, T, topic, WireForum } from "./forum-table.js";

const N = 13;
const fx = useTestHub();
const table = new WireForum(fx, N);
let host: HostConsole;
let roles: Map<number, string>;

const SCRIPT = "<script>alert('will')</script>";
const IMG = '<img src=x onerror="alert(1)">';

/** Sends a text input and returns the seat's answer: null (accepted) or the refusal's code. */
async function write(seat: number, kind: string, fields: Record<string, unknown>) {
  const p = table.paddle(seat);
  const signal = p.conn.inbox.next<{ error?: string; haptic?: string }>(
    topic(`seat/${seat}/signal`),
    () => true,
  );
  await p.send(kind, fields);
  return (await signal).error ?? null;
}

/** Everything every client but the host received, by client. */
const everyone = (): [string, Received[]][] =>
  table.clients().map(([who, c]) => [who, c.inbox.all]);

beforeAll(async () => {
  host = await table.connect((c) => new HostConsole(c, T));
  const seats = Array.from({ length: N }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));
  const setup = await host.command("setup", {
    ruleset: "forum",
    seats,
    options: { daySeconds: 3600, nightSeconds: 3600 },
  });
  expect(setup).toMatchObject({ ok: true });
  expect((await host.command("start")).ok).toBe(true);
  expect((await host.command("next")).ok).toBe(true); // status → Day 1
  const h = await table.hostView((v) => v.phase === "day" && v.round === 1);
  roles = new Map(h.seats.map((s) => [s.seat, s.role as string]));
  for (const seat of table.paddles.keys())
    await table.view(seat, (v) => (v.offers ?? []).some((o) => o.action === "vote"));
});

/** The ads' authors: seat 10 and seat 11 write as "Raven" (handed over), seat 12 as "Crow". */
const AUTHORS = [10, 11, 12];

describe("forum texts attacked over the wire", () => {
  it("FORUM-WILL-01, FORUM-NEWS-02..05: writing wills and ads and handing a pseudonym over changes no other client's messages", async () => {
    const mark = table.mark();
    const hostMark = table.hostConn.inbox.all.length;
    expect(await write(7, "will", { text: `${SCRIPT} I was ${roles.get(7)}`, to: null })).toBe(
      null,
    );
    expect(await write(8, "will", { text: "for nine only", to: [9] })).toBe(null);
    expect(await write(10, "ad", { text: IMG, pseudonym: "Raven" })).toBe(null);
    expect(await write(10, "pseudonym", { pseudonym: "raven", to: 11 })).toBe(null);
    expect(await write(11, "ad", { text: "second from the raven", pseudonym: "RAVEN" })).toBe(null);
    expect(await write(12, "ad", { text: "caw", pseudonym: "Crow" })).toBe(null);
    await current(table.hostConn, topic("host/view"), (v: HostViewJson) => {
      const text = v.flow.text as { pending?: unknown[] } | undefined;
      return (text?.pending ?? []).length === 3;
    });
    const writers = new Set([7, 8, 10, 11, 12]);
    const leaks: string[] = [];
    for (const [who, c] of table.clients()) {
      const seat = Number(who.replace("seat ", ""));
      for (const m of since(c, mark)) {
        if (writers.has(seat) && m.topic.includes(`/seat/${seat}/`)) continue;
        // The new holder of the pseudonym learns he holds it (his own text topic only).
        if (seat === 11 && m.topic === topic("seat/11/text")) continue;
        leaks.push(`${who}: ${m.topic} ${m.payload.toString().slice(0, 120)}`);
      }
    }
    expect(leaks).toEqual([]);
    // The host sees that ads came, never whose: consecutive host views differ only in texts.
    const hostViews = table.hostConn.inbox.all
      .slice(hostMark)
      .filter((m) => m.topic === topic("host/view"))
      .map((m) => m.json as HostViewJson & { flow: { text?: unknown } });
    // The host's own counters (`rev`, `now`: when an input came) may move; nothing of a seat.
    const strip = (v: HostViewJson) =>
      JSON.stringify({
        ...v,
        rev: 0,
        now: 0,
        flow: { ...v.flow, text: null },
        public: { ...v.public, now: 0 },
      });
    expect(hostViews.length).toBeGreaterThan(0);
    for (const v of hostViews) {
      expect(JSON.stringify(v.flow.text)).not.toMatch(/"(by|owner|author)"/);
      expect(strip(v)).toBe(strip(hostViews[0] as HostViewJson));
    }
  });

  it("the rules' refusals over the wire: taken pseudonym, not the owner, sixth ad, limits, bidi and control characters, a will to oneself, a message from outside the office", async () => {
    expect(await write(13, "ad", { text: "mine now", pseudonym: "rAvEn" })).toBe("pseudonym_taken");
    expect(await write(10, "pseudonym", { pseudonym: "Raven", to: 13 })).toBe("not_owner");
    for (let i = 2; i <= 5; i++)
      expect(await write(12, "ad", { text: `caw ${i}`, pseudonym: "Crow" })).toBe(null);
    expect(await write(12, "ad", { text: "caw 6", pseudonym: "Crow" })).toBe("ad_limit");
    expect(await write(13, "will", { text: "w".repeat(1001), to: null })).toBe("bad_payload");
    expect(await write(13, "ad", { text: "a".repeat(301), pseudonym: "Long" })).toBe("bad_payload");
    expect(await write(13, "ad", { text: "x", pseudonym: "p".repeat(33) })).toBe("bad_payload");
    expect(await write(13, "ad", { text: "abc\u202Edef", pseudonym: "Bidi" })).toBe("bad_payload");
    expect(await write(13, "ad", { text: "bell", pseudonym: "Be\u0007ll" })).toBe("bad_payload");
    expect(await write(13, "ad", { text: "", pseudonym: "Empty" })).toBe("bad_payload");
    expect(await write(13, "will", { text: "to me", to: [13] })).toBe("bad_target");
    expect(await write(13, "will", { text: "to nobody", to: [21] })).not.toBe(null);
    const outsider = [...roles].find(([s, r]) => r !== "boss" && s >= 9)?.[0] as number;
    // FORUM-QUIET-02: accepted as a decoy, like the holder's, and never published.
    expect(await write(outsider, "message", { text: "found in the river" })).toBe(null);
    const t13 = await current(table.paddle(13).conn, topic("seat/13/text"), () => true).catch(
      () => null,
    );
    expect(t13 === null || (t13 as { pseudonyms: string[] }).pseudonyms.length === 0).toBe(true);
  });

  it("FORUM-WILL-02, FORUM-NEWS-01/06, FORUM-DEAD-01: at the lynch the will comes out as text; the paper names no author; the dead write nothing and inherit no pseudonym", async () => {
    // Everyone votes for seat 7 (the liar's −1 cannot save him against twelve).
    for (const seat of table.paddles.keys()) {
      const target = seat === 7 ? 1 : 7;
      await table.paddle(seat).send("act", { action: "vote", targets: [target] });
    }
    expect((await host.command("next")).ok).toBe(true); // Day 1 ends: the lynch, the paper
    const pub = await current(
      table.display,
      topic("public/text"),
      (t: { papers: unknown[]; wills: unknown[] }) => t.papers.length >= 1 && t.wills.length >= 1,
    );
    expect(pub).toMatchObject({ wills: [{ seat: 7, text: expect.stringContaining(SCRIPT) }] });
    const paper = (pub as { papers: { ads: Record<string, unknown>[] }[] }).papers[0];
    expect(paper?.ads.map((a) => Object.keys(a).sort())).toEqual(
      Array(7).fill(["pseudonym", "text"]),
    );
    expect(paper?.ads[0]).toEqual({ pseudonym: "Raven", text: IMG });
    expect(await write(7, "will", { text: "from the grave", to: null })).toBe("not_in_game");
    expect(await write(7, "ad", { text: "boo", pseudonym: "Ghost" })).toBe("not_in_game");
    expect(await write(11, "pseudonym", { pseudonym: "Raven", to: 7 })).toBe("bad_target");
    // The will left to seat 9 alone: seat 8 leaves the game (the host's disqualification).
    const mark = table.mark();
    expect((await host.command("remove", { seat: 8, reason: "test" })).ok).toBe(true);
    const got = await current(
      table.paddle(9).conn,
      topic("seat/9/text"),
      (t: { received: { from: number; text: string }[] }) => t.received.length === 1,
    );
    expect(got).toMatchObject({ received: [{ from: 8, text: "for nine only" }] });
    await current(
      table.display,
      topic("public/state"),
      (s: { seats: { alive: boolean }[] }) => s.seats[7]?.alive === false,
    );
    for (const [who, c] of table.clients()) {
      if (who === "seat 9") continue;
      const seen = since(c, mark).filter((m) => m.payload.toString().includes("for nine only"));
      expect(seen.map((m) => `${who} ${m.topic}`)).toEqual([]);
    }
  });

  it("FORUM-NEWS-06: no client, the host and the game record included, can tell an ad's author", async () => {
    const authorship = (m: Received) => {
      const s = m.payload.toString();
      return /"(by|owner|author)"\s*:/.test(s) || /"adsPlaced"/.test(s);
    };
    const all: [string, Received[]][] = [...everyone(), ["host", table.hostConn.inbox.all]];
    for (const [who, msgs] of all) {
      const own = (m: Received) => AUTHORS.some((a) => m.topic === topic(`seat/${a}/text`));
      expect(
        msgs.filter((m) => !own(m) && authorship(m)).map((m) => `${who} ${m.topic}`),
        who,
      ).toEqual([]);
    }
    // Only a holder's own text topic names his pseudonyms.
    for (const [who, msgs] of all) {
      for (const m of msgs) {
        if (AUTHORS.some((a) => m.topic === topic(`seat/${a}/text`))) continue;
        const j = m.json as { pseudonyms?: unknown } | null;
        if (j && typeof j === "object" && "pseudonyms" in j && Array.isArray(j.pseudonyms))
          expect(
            j.pseudonyms.every((p) => typeof p === "string"),
            `${who} ${m.topic}`,
          ).toBe(true);
      }
    }
    const password = fx.hub.secrets.password(`host/${T}`);
    for (const format of ["json", "html"]) {
      const res = await fetch(
        `http://127.0.0.1:${fx.hub.httpPort}/record/${T}/latest?format=${format}`,
        { headers: { authorization: `Bearer ${password}` } },
      );
      const body = await res.text();
      if (res.status !== 200) {
        expect([422], `${format}: ${res.status} ${body.slice(0, 200)}`).toContain(res.status);
        continue;
      }
      expect(body, format).not.toContain("<script>alert(");
      expect(body, format).not.toContain("<img src=x");
      expect(body, format).not.toMatch(/"(by|owner|author)"\s*:\s*1[012]\b/);
    }
  });
});
