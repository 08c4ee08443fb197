/**
 * Wired seats on an emulated Firmata board, at a mixed table: seats 1..6 are paddles (mqtt.js
 * clients), seats 7..10 are thumb and blindfold switches on the board. The wired seats'
 * inputs take the paddle's path (boot/seq, decode, dedupe, journal, engine), so a peek and a
 * provocation are caught as a paddle's are, and a board that drops off and comes back loses
 * no input.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../hub/process/logger.js";
import type { LogEntry, PublicState } from "../../protocol/index.js";
import {
  type Connected,
  connectIdentity,
  HostConsole,
  journalText,
  Paddle,
  subscribeGranted,
  until,
  useTestHub,
} from "../helpers/hub.js";
import {
  BOARD_KINDS,
  publicState,
  stateAfter as publicStateAfter,
  type Rig,
  startRig,
} from "./rig.js";

/** Seat → [thumb pin, blindfold pin] on the emulated board. */
const WIRED: Record<number, [number, number]> = { 7: [2, 3], 8: [4, 5], 9: [6, 7], 10: [8, 9] };
const wiredSeats = Object.entries(WIRED).map(([seat, [thumb, blindfold]]) => ({
  seat: Number(seat),
  thumb,
  blindfold,
}));

interface HostSeat {
  seat: number;
  role: string | null;
  alive: boolean;
  thumbDown: boolean | null;
  blindfoldOn: boolean | null;
}

async function removedFor(log: Connected, seat: number): Promise<LogEntry> {
  return log.inbox.next<LogEntry>(
    "mafia/v1/t1/public/log",
    (e) => e.key === "removed" && e.seats[0] === seat,
    { past: true, timeout: 5000 },
  );
}

describe.each(BOARD_KINDS)("wired seats at a mixed table, on the %s board", (kind) => {
  const fx = useTestHub();
  const { logger, records } = createMemoryLogger("debug");
  let rig: Rig | null = null;
  afterAll(async () => {
    await rig?.close();
  });
  let hc: Connected;
  let host: HostConsole;
  const paddles = new Map<number, Paddle>();
  let peeker = 0;
  let provoker = 0;

  const hostSeats = () =>
    (hc.inbox.latest("mafia/v1/t1/host/view")?.json as { seats: HostSeat[] } | undefined)?.seats ??
    [];
  const state = (where: (s: PublicState) => boolean) => publicState(hc, where);
  const stateAfter = (mark: number, where: (s: PublicState) => boolean) =>
    publicStateAfter(hc, mark, where);

  it("come online with a hello and their levels through the paddle's path", async () => {
    hc = await fx.connect("host/t1");
    await subscribeGranted(hc.client, ["mafia/v1/t1/host/#", "mafia/v1/t1/public/#"]);
    host = new HostConsole(hc);
    const seats = Array.from({ length: 10 }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));
    const setup = await host.command("setup", {
      ruleset: "sport",
      seats,
      // The removals below are read from the public log, which names a cause only when told to.
      options: { autoAdvance: false, showRemovalCause: true },
    });
    expect(setup.ok).toBe(true);
    for (let n = 1; n <= 6; n++) {
      const c = await connectIdentity(fx.hub, `seat/t1/${n}`);
      fx.track(c);
      paddles.set(n, new Paddle(n, c));
    }
    // Blindfolds on (the reed switch closed) before the board is plugged in; thumbs up.
    rig = await startRig(
      fx.hub,
      logger,
      { seats: wiredSeats },
      (emu) => {
        for (const [, blindfold] of Object.values(WIRED)) emu.setInput(blindfold, 0);
      },
      kind,
    );
    const online = await state((s) => s.seats.slice(6).every((x) => x.online));
    expect(online.seats.map((x) => x.online)).toEqual([
      ...Array(6).fill(true),
      true,
      true,
      true,
      true,
    ]);
    await until(
      () =>
        hostSeats()
          ?.slice(6)
          .every((x) => x.blindfoldOn === true && x.thumbDown === false),
      5000,
      "the wired levels",
    );
    await fx.hub.tables.get("t1")?.idle();
    const inputs = (await journalText(fx.hub))
      .split("\n")
      .filter((l) => l.includes('"type":"input"'))
      .map(
        (l) =>
          JSON.parse(l) as {
            input: { type: string; seat?: number; action?: Record<string, unknown> };
            src?: Record<string, unknown>;
          },
      );
    const seat7 = inputs.filter((r) => r.input.type === "seat" && r.input.seat === 7);
    expect(seat7.map((r) => r.input.action?.kind)).toEqual(["hello", "thumb", "blindfold"]);
    expect(seat7[0]?.input.action).toMatchObject({ fw: "wired-1", caps: ["thumb", "blindfold"] });
    // The same envelope as a paddle's: seat, boot, seq counting from 1.
    expect(seat7.map((r) => r.src)).toEqual(
      [1, 2, 3].map((seq) => ({ seat: 7, boot: rig?.hw.seats[0]?.boot, seq })),
    );
  });

  it("SPORT-FOUL-15: a wired seat that takes its blindfold off at night is removed for peeking", async () => {
    expect((await host.command("start")).ok).toBe(true);
    await state((s) => s.phase === "night" && s.round === 0);
    // A wired seat the mafia's meeting does not wake.
    const asleep = hostSeats().find((x) => x.seat >= 7 && x.role !== "mafia" && x.role !== "don");
    peeker = asleep?.seat as number;
    expect(peeker).toBeGreaterThanOrEqual(7);
    rig?.emu.setInput((WIRED[peeker] as [number, number])[1], null);
    const removal = await removedFor(hc, peeker);
    expect(removal.params.cause).toBe("peeking");
  });

  it("SPORT-VOTE-04: a wired seat's thumb down and up inside one window is a provocation", async () => {
    // The host moves the night on; paddles nominate two of their own; wired speakers are moved on.
    const nominees: number[] = [];
    for (let i = 0; i < 60; i++) {
      const s = await state(() => true);
      if (s.phase === "day" && s.step === "vote") break;
      const mark = hc.inbox.all.length;
      const speaker = s.speaker;
      const p = speaker === null ? undefined : paddles.get(speaker);
      if (s.phase === "day" && s.step === "speech" && p) {
        const target = [1, 2, 3, 4, 5, 6].find((n) => n !== speaker && !nominees.includes(n));
        if (nominees.length < 2 && target !== undefined) {
          nominees.push(target);
          await p.send("act", { action: "nominate", targets: [target] });
        }
        await p.send("pass");
      } else {
        expect((await host.command("next")).ok).toBe(true);
      }
      await stateAfter(mark, (x) => x.step !== s.step || x.speaker !== s.speaker);
    }
    const vote = await state((s) => s.phase === "day" && s.step === "vote");
    expect(vote.ballot).toEqual(nominees);
    provoker = wiredSeats.map((w) => w.seat).find((n) => n !== peeker) as number;
    const thumb = (WIRED[provoker] as [number, number])[0];
    rig?.emu.setInput(thumb, 0);
    await until(() => hostSeats()[provoker - 1]?.thumbDown === true, 3000, "the thumb down");
    rig?.emu.setInput(thumb, null);
    const removal = await removedFor(hc, provoker);
    expect(removal.params.cause).toBe("provocation");
  });

  // On the genuine board this once failed 4 of 10 runs under load: a thumb down journaled
  // twice. The first was no unplug at all: a port already reported is reported again when a
  // pin turns INPUT, before its pull-up is on, so the floating pin read "down" (PinSwitch now
  // waits for the board's answer to a query after the pull-up; docs/HARDWARE.md).
  it("loses no input when the board drops off and comes back", async () => {
    const r = rig as Rig;
    const [a, b] = wiredSeats.filter((w) => w.seat !== peeker && w.seat !== provoker);
    if (!a || !b) throw new Error("two wired seats should be alive");
    const connections = r.hw.links[0]?.connections ?? 0;
    const mark = hc.inbox.all.length;
    // Seat a's thumb goes down just as the cable comes out; seat b's while it is out.
    r.emu.setInput((WIRED[a.seat] as [number, number])[0], 0);
    r.emu.dropClients();
    // (after the mark: seat b was offline before the board first came up, too)
    await stateAfter(mark, (s) => s.seats[b.seat - 1]?.online === false);
    r.emu.setInput((WIRED[b.seat] as [number, number])[0], 0);
    // The board's own word that it is up again, then the hub's handshake with it.
    await r.emu.booted?.();
    await until(
      () => (r.hw.links[0]?.connections ?? 0) > connections,
      10_000,
      "the board back",
    ).catch((err: Error) => {
      // Says whether the link saw the cable go and what its retries met.
      const board = records.filter((x) => String(x.event ?? "").startsWith("board."));
      throw new Error(`${err.message}; the link logged ${JSON.stringify(board.slice(-8))}`);
    });
    await state((s) => s.seats[b.seat - 1]?.online === true);
    await until(
      () =>
        hostSeats()[a.seat - 1]?.thumbDown === true && hostSeats()[b.seat - 1]?.thumbDown === true,
      5000,
      "both thumbs down at the hub",
    );
    expect(records.some((x) => x.event === "board.lost")).toBe(true);
    // Each edge is in the journal once: nothing lost, nothing doubled.
    await fx.hub.tables.get("t1")?.idle();
    const lines = (await journalText(fx.hub)).split("\n").filter((l) => l.includes('"seat":'));
    const downs = lines
      .filter((l) => l.includes('"kind":"thumb","down":true'))
      .map((l) => (JSON.parse(l) as { input: { seat: number } }).input.seat);
    const wired = records.filter((x) => String(x.event ?? "").startsWith("wired."));
    // On failure: seat a's journal lines (with their boot and seq) and the wired log.
    const seatA = lines.filter((l) => l.includes(`"seat":${a.seat},`)).slice(-12);
    expect(
      downs.filter((s) => s === a.seat),
      `${seatA.join("\n")}\n${JSON.stringify(wired.slice(-12))}`,
    ).toHaveLength(1);
    expect(downs.filter((s) => s === b.seat)).toHaveLength(1);
  });
});
