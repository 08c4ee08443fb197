/** A short played journal on disk, for tests that damage it and restart a hub on it. */
import { readFile, writeFile } from "node:fs/promises";
import { connectIdentity, endAll, HostConsole, startTestHub, subscribeGranted } from "./hub.js";

/** A stopped hub's journal after `start` and two `next`s: header + 3 records at least. */
export async function playedJournal(dir: string): Promise<{ path: string; lines: string[] }> {
  const hub = await startTestHub({ dataDir: dir });
  const hc = await connectIdentity(hub, "host/t1");
  await subscribeGranted(hc.client, ["mafia/v1/t1/host/#"]);
  const host = new HostConsole(hc);
  await host.command("start");
  await host.command("next");
  await host.command("next");
  await endAll(hc);
  await hub.tables.get("t1")?.idle();
  const path = hub.tables.get("t1")?.journalPath as string;
  await hub.stop();
  const lines = (await readFile(path, "utf8")).split("\n").filter((l) => l.length > 0);
  if (lines.length < 4) throw new Error(`a played journal of ${lines.length} lines`);
  return { path, lines };
}

export const writeLines = (path: string, lines: string[]): Promise<void> =>
  writeFile(path, `${lines.join("\n")}\n`);

/** Starts a hub on a data dir that must be refused; returns why. */
export async function refusedStart(dir: string): Promise<string> {
  const hub = await startTestHub({ dataDir: dir }).catch((err: Error) => err);
  if (!(hub instanceof Error)) {
    await hub.stop();
    throw new Error("the hub started on a damaged journal");
  }
  return hub.message;
}
