/**
 * A sport game driven through the real hub by mqtt.js paddles and host, scripted so that
 * seats leave in every way (voted, killed, removed by the host, removed for fouls) and
 * the town wins. Checkpoints let a test look at the screens at each moment.
 */
import type { Hub } from "../../hub/server.js";
import { HostClient, Paddle } from "./harness.js";

export const NAMES = [
  "Anna",
  "Boris",
  "Clara",
  "Dmitri",
  "Eva",
  "Felix",
  "Galina",
  "Hans",
  "Irina",
  "Jonas",
];

export type Checkpoint = "setup" | "night0" | "day" | "vote" | "voted" | "night" | "killed" | "end";

export interface Table {
  host: HostClient;
  paddles: Paddle[];
  close(): Promise<void>;
}

export async function openTable(hub: Hub): Promise<Table> {
  const host = await HostClient.connect(hub);
  const paddles = await Promise.all(NAMES.map((_, i) => Paddle.connect(hub, i + 1)));
  return {
    host,
    paddles,
    async close() {
      await Promise.all([host.end(), ...paddles.map((p) => p.end())]);
    },
  };
}

/** `options` are added to the game's (e.g. longer vote windows for a slow checkpoint). */
export async function setUp(
  host: HostClient,
  options: Record<string, unknown> = {},
): Promise<void> {
  await host.ok({
    cmd: "setup",
    ruleset: "sport",
    seats: NAMES.map((name, i) => ({ seat: i + 1, name })),
    // The host ends every step: screenshots wait for nobody's timer.
    options: { autoAdvance: false, ...options },
  });
  await host.until(
    () => host.state?.phase === "setup" && host.state.seats[0]?.name === "Anna",
    "setup",
  );
}

const step = (host: HostClient, name: string) =>
  host.until(() => host.state?.step === name && host.state, `step ${name}`);

/** Plays the whole game; `at` is awaited at each checkpoint. Returns the seats by fate. */
export async function playGame(
  table: Table,
  at: (c: Checkpoint) => Promise<void>,
  options: Record<string, unknown> = {},
) {
  const { host, paddles } = table;
  const paddle = (n: number) => paddles[n - 1] as Paddle;
  await setUp(host, options);
  await at("setup");
  await host.ok({ cmd: "start" });
  await host.until(() => host.view?.seats.every((s) => s.role), "the deal");
  const blacks = host.seatsWith((r) => r === "don" || r === "mafia");
  const reds = host.seatsWith((r) => r === "civilian" || r === "sheriff");
  const [voted, removed, fouled] = blacks as [number, number, number];
  await at("night0");
  for (const s of ["mafia", "don", "sheriff"]) {
    await step(host, s);
    await host.ok({ cmd: "next" });
  }
  // Day 0: seats 1 and 2 nominate the first black and a red, neither themselves.
  await step(host, "speech");
  const red = reds.find((s) => s > 2) as number;
  const [first, second] = voted === 1 ? [red, voted] : [voted, red];
  await paddle(1).act("nominate", first);
  await paddle(1).pass();
  await paddle(2).act("nominate", second);
  await paddle(2).pass();
  await host.until(() => host.state?.speaker === 3, "seat 3 speaking");
  await at("day");
  for (let n = 3; n <= 10; n++) await paddle(n).pass();
  // Six thumbs for the black nominee in his window; the rest default to the last nominee.
  for (const nominee of [first, second]) {
    await host.until(() => host.state?.counting === nominee && host.state, `counting ${nominee}`);
    if (nominee === voted) for (let n = 1; n <= 6; n++) await paddle(n).thumb(true);
    await host.ok({ cmd: "next" });
    if (nominee === first) {
      await host.until(() => host.state?.counting === second, "second window");
      await at("vote");
    }
  }
  await host.until(
    () => host.state?.step === "lastword" && host.state.speaker === voted,
    "last word",
  );
  await at("voted");
  await paddle(voted).pass();
  // Night 1: the living blacks agree on a red.
  await host.until(() => host.state?.phase === "night" && host.state.round === 1, "night 1");
  const killed = reds.find((s) => s !== red) as number;
  for (const b of [removed, fouled]) await paddle(b).act("shoot", killed);
  await at("night");
  for (const s of ["mafia", "don", "sheriff"]) {
    await step(host, s);
    await host.ok({ cmd: "next" });
  }
  await host.until(() => host.state?.speaker === killed && host.state.step === "lastword", "kill");
  await at("killed");
  await paddle(killed).pass();
  await step(host, "speech");
  await host.ok({ cmd: "remove", seat: removed, reason: "phone at the table" });
  for (const cause of ["honestly", "money", "insult", "percent"]) {
    await host.ok({ cmd: "foul", seat: fouled, cause });
  }
  await host.until(() => host.state?.phase === "ended", "the end");
  await at("end");
  return { voted, killed, removed, fouled, roles: host.view?.seats ?? [] };
}
