/**
 * FORUM-NEWS-04: each pseudonym is used by one player at a time. A reader sees a pseudonym
 * as it is drawn, so a second player must not get one that reads the same: the holder's
 * name with an invisible character in it (zero-width space or joiner, word joiner, byte
 * order mark, soft hyphen, a variation selector) or in its full-width form. A pseudonym
 * made of invisible characters only signs nothing and is refused like an empty one.
 * (Look-alike letters of other scripts, e.g. a Cyrillic "а" for a Latin "a", are not
 * covered: that needs Unicode's confusables table.)
 */
import { beforeAll, describe, expect, it } from "vitest";
import { HostConsole, useTestHub } from "../helpers/hub.js";
import { T, topic, WireForum } from "./forum-table.js";

const N = 13;
const fx = useTestHub();
const table = new WireForum(fx, N);

beforeAll(async () => {
  const host = await table.connect((c) => new HostConsole(c, T));
  const seats = Array.from({ length: N }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));
  expect((await host.command("setup", { ruleset: "forum", seats })).ok).toBe(true);
  expect((await host.command("start")).ok).toBe(true);
  expect((await host.command("next")).ok).toBe(true); // status → Day 1
  await table.hostView((v) => v.phase === "day" && v.round === 1);
});

async function ad(seat: number, pseudonym: string): Promise<string | null> {
  const p = table.paddle(seat);
  const signal = p.conn.inbox.next<{ error?: string }>(topic(`seat/${seat}/signal`), () => true);
  await p.send("ad", { text: "it is me", pseudonym });
  return (await signal).error ?? null;
}

describe("pseudonyms that read the same are one pseudonym", () => {
  it("FORUM-NEWS-04: another seat cannot take the holder's pseudonym with invisible or full-width characters", async () => {
    expect(await ad(10, "Raven")).toBeNull();
    const lookalikes = [
      "Raven\u200B",
      "\u200BRaven",
      "Ra\u200Dven",
      "Ra\u2060ven",
      "Raven\uFEFF",
      "Ra\u00ADven",
      "Raven\uFE0F",
      "\uFF32aven",
    ];
    // Each from a seat of its own, so that no seat runs out of ads.
    const answers: string[] = [];
    for (const [i, name] of lookalikes.entries())
      answers.push(`${JSON.stringify(name)}: ${await ad(i + 1, name)}`);
    expect(answers.filter((a) => !/: (pseudonym_taken|bad_payload)$/.test(a))).toEqual([]);
  });

  it("FORUM-NEWS-04: a pseudonym of invisible characters only is refused", async () => {
    const answers: string[] = [];
    for (const name of ["\u200B", "\u200B\u200C\u200D", "\u2060", "\u3164", "\u00AD"])
      answers.push(`${JSON.stringify(name)}: ${await ad(12, name)}`);
    expect(answers.filter((a) => !a.endsWith(": bad_payload"))).toEqual([]);
  });
});
