/**
 * The secrecy oracle (secrecy-oracle.ts) on hunt: random games of legal moves, hunts
 * included, played through the engine; after every accepted input the host view and the
 * public state of that moment, and every announcement, go to the same checks as the bot
 * games' streams: no role, night choice or drawn application before the rules make it
 * public (HUNT-REVEAL-01..09, HUNT-HUNT-04), and the deal opened at the end.
 */
import { describe, expect, it } from "vitest";
import { hostView, publicLogEntry, publicView, step } from "../../hub/engine/index.js";
import type { LogEntry, PublicState } from "../../protocol/index.js";
import { T0 } from "../helpers/engine-driver.js";
import { mulberry32 } from "../helpers/random-game.js";
import { newHuntGame, nextHuntInputs } from "../helpers/random-hunt.js";
import { type HostView, scanGame } from "./secrecy-oracle.js";

function streams(seed: number, options: Record<string, unknown>) {
  const rand = mulberry32(seed);
  let state = newHuntGame(seed.toString(16).padStart(32, "0"), options);
  let at = T0;
  const hosts: HostView[] = [hostView(state, at) as HostView];
  const publics: PublicState[] = [publicView(state, at)];
  const logs: LogEntry[] = [];
  for (let b = 0; b < 3000 && state.phase !== "ended"; b++) {
    at += 1 + Math.floor(rand() * 3000);
    for (const input of nextHuntInputs(state, rand, at)) {
      const r = step(state, input);
      if (!r.ok) continue;
      state = r.state;
      hosts.push(hostView(state, at) as HostView);
      publics.push(publicView(state, at));
      // As the hub publishes them on public/log (a removal's cause left out by default).
      for (const e of r.effects) if (e.type === "log") logs.push(publicLogEntry(state, e.entry));
    }
  }
  return { hosts, publics, logs, ended: state.phase === "ended" };
}

describe("hunt secrecy oracle", () => {
  it("HUNT-REVEAL-04, HUNT-HUNT-04: 20 random games leak no role, night choice or drawn hunter", () => {
    const violations: string[] = [];
    let nightChoices = 0;
    let shownRoles = 0;
    for (let g = 0; g < 20; g++) {
      const options = g % 2 === 1 ? { nightReveal: "role" } : {};
      const s = streams(0x4a47 + g, options);
      expect(s.ended, `game ${g}`).toBe(true);
      const scan = scanGame(s.hosts, s.publics, s.logs);
      violations.push(...scan.violations.map((x) => `game ${g}: ${x}`));
      nightChoices += scan.nightChoices;
      shownRoles += scan.shownRoles;
    }
    expect(violations.slice(0, 20)).toEqual([]);
    expect(nightChoices).toBeGreaterThan(100);
    expect(shownRoles).toBeGreaterThan(0);
    // 6 s alone; beside a browser test on 2 cores it went past the default 30 s.
  }, 120_000);

  it("the oracle catches a hunt status told too much: the Maniac shown as such after a shot", () => {
    const s = streams(0x4a47, {});
    const i = s.publics.findIndex((p) => p.phase !== "ended" && p.seats.some((x) => x.role));
    const p = structuredClone(s.publics[i] as PublicState);
    const seat = p.seats.find((x) => x.role) as { seat: number; role: string | null };
    const host = structuredClone(
      s.hosts.find((h) => JSON.stringify(h.public) === JSON.stringify(s.publics[i])) as HostView,
    );
    const real = host.seats[seat.seat - 1];
    seat.role = real?.role === "civilian" ? "mafia" : "maniac";
    host.public = p;
    expect(scanGame([host], [p], []).violations.join()).toMatch(/shows role/);
  });
});
