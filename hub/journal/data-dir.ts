/**
 * The data dir belongs to one hub at a time, and to nobody else on the machine (issue 10).
 *
 * - Lock: `{dataDir}/hub.lock` holds the pid of the hub that runs on it. A second hub on the
 *   same dir refuses to start and names that pid: two hubs appending to one journal lose
 *   acknowledged inputs. A lock whose pid no longer runs (a hub killed with SIGKILL, a power
 *   cut) is stale and is taken over.
 * - Modes: the dir and its table folders 0700, the journals 0600, like secrets.json: they
 *   hold the deal's seed and every night choice. Files of older hubs are tightened at start.
 */
import { randomBytes } from "node:crypto";
import { chmod, link, mkdir, readdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";

export const LOCK_FILE = "hub.lock";

export class DataDirLocked extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `data dir ${dataDir} is in use by the hub with pid ${pid}; stop that hub first (or, if no hub runs there, delete ${join(dataDir, LOCK_FILE)})`,
    );
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM"; // alive, but someone else's
  }
}

async function lockHolder(path: string): Promise<number | null> {
  try {
    const pid = Number.parseInt(await readFile(path, "utf8"), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
}

/**
 * Takes the data dir's lock, or throws DataDirLocked. The lock file appears atomically with
 * its pid in it (written aside, then hard-linked into place, which fails if one exists).
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, LOCK_FILE);
  const mine = join(dataDir, `${LOCK_FILE}.${process.pid}.${randomBytes(4).toString("hex")}`);
  await writeFile(mine, `${process.pid}\n`, { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        await link(mine, path);
        return { release: () => unlink(path).catch(() => undefined) };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      }
      const holder = await lockHolder(path);
      if (holder !== null && running(holder)) throw new DataDirLocked(dataDir, holder);
      // Stale (or unreadable): move it aside under a unique name; a racing hub that moved
      // it first makes our rename fail with ENOENT, and the next link attempt decides.
      await rename(path, `${mine}.stale`).then(
        () => unlink(`${mine}.stale`),
        () => undefined,
      );
    }
    throw new Error(`could not take the lock ${path}`);
  } finally {
    await unlink(mine).catch(() => undefined);
  }
}

/** 0700 for the dir and its table folders, 0600 for the game files in them. */
export async function tightenModes(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await chmod(dataDir, 0o700);
  for (const entry of await readdir(dataDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const folder = join(dataDir, entry.name);
    await chmod(folder, 0o700);
    for (const file of await readdir(folder, { withFileTypes: true })) {
      if (file.isFile() && file.name.startsWith("game-"))
        await chmod(join(folder, file.name), 0o600);
    }
  }
}
