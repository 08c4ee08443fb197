/**
 * Per-identity passwords (PROTOCOL.md "Identities"): `{dataDir}/secrets.json`, mode 0600,
 * a JSON object mapping MQTT username to password. Missing identities are generated on
 * every start, so adding a table later just works; existing passwords never change, so
 * paired paddles keep working.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { chmod, mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  audienceUsername,
  displayUsername,
  hostUsername,
  MAX_SEATS,
  seatUsername,
} from "../../protocol/index.js";
import type { Logger } from "./logger.js";

export const SECRETS_FILE = "secrets.json";

/** Every username a table needs: all 20 possible seats, so a later `setup` may grow the table. */
export function usernamesFor(table: string): string[] {
  const names = [hostUsername(table), displayUsername(table), audienceUsername(table)];
  for (let n = 1; n <= MAX_SEATS; n++) names.push(seatUsername(table, n));
  return names;
}

export function newPassword(): string {
  // 96 bits, URL-safe: short enough to type into a paddle's setup page.
  return randomBytes(12).toString("base64url");
}

async function writeSecrets(path: string, passwords: Map<string, string>): Promise<void> {
  const tmp = `${path}.tmp`;
  await writeFile(tmp, `${JSON.stringify(Object.fromEntries(passwords), null, 2)}\n`, {
    mode: 0o600,
  });
  await rename(tmp, path);
}

/**
 * Where a cluster keeps every hub's identities (hub/cluster/secrets.ts): a new password is
 * stored there, and every hub told, before the hub that made it uses it.
 */
export type SharedRotation = (username: string, password: string) => Promise<void>;

export class Secrets {
  private writing: Promise<unknown> = Promise.resolve();
  private shared: SharedRotation | null = null;

  private constructor(
    readonly path: string,
    private readonly passwords: Map<string, string>,
  ) {}

  /** Loads (or creates) the secrets file and adds any identity the tables lack. */
  static async load(dataDir: string, tables: readonly string[], log: Logger): Promise<Secrets> {
    await mkdir(dataDir, { recursive: true });
    const path = join(dataDir, SECRETS_FILE);
    const passwords = new Map<string, string>();
    let existed = true;
    try {
      const raw = JSON.parse(await readFile(path, "utf8")) as unknown;
      if (raw === null || typeof raw !== "object" || Array.isArray(raw))
        throw new Error("not an object");
      for (const [k, v] of Object.entries(raw))
        if (typeof v === "string" && v.length > 0) passwords.set(k, v);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") {
        // Refuse to overwrite a file a person may have edited by hand: the old passwords would be lost.
        throw new Error(
          `${path} is not a JSON object of username to password: ${(err as Error).message}`,
        );
      }
      existed = false;
    }
    let added = 0;
    for (const table of tables) {
      for (const name of usernamesFor(table)) {
        if (!passwords.has(name)) {
          passwords.set(name, newPassword());
          added++;
        }
      }
    }
    if (added > 0 || !existed) {
      await writeSecrets(path, passwords);
      log.info({ event: "secrets.written", path, added }, "identities written");
    }
    const mode = (await stat(path)).mode & 0o777;
    if (mode !== 0o600) {
      log.warn(
        { event: "secrets.mode", path, mode: mode.toString(8) },
        "secrets file was readable by others; fixed",
      );
      await chmod(path, 0o600);
    }
    return new Secrets(path, passwords);
  }

  /**
   * A new password for one known identity (a revoked pairing), on disk before it counts:
   * the file is replaced atomically, so a crash leaves the old or the new file, never half.
   * Writes are serialised, so two revocations at once both land.
   */
  rotate(username: string): Promise<string> {
    if (!this.passwords.has(username))
      return Promise.reject(new Error(`unknown identity ${username}`));
    const run = this.writing.then(async () => {
      const next = new Map(this.passwords);
      const password = newPassword();
      // In a cluster, Redis first: a revocation that only reached this hub's file would be
      // undone at its next start, and other hubs would still take the old password.
      if (this.shared) await this.shared(username, password);
      next.set(username, password);
      await writeSecrets(this.path, next);
      this.passwords.set(username, password);
      return password;
    });
    this.writing = run.catch(() => undefined);
    return run;
  }

  /** In a cluster: rotations go through the shared store first (see SharedRotation). */
  shareRotations(shared: SharedRotation): void {
    this.shared = shared;
  }

  /**
   * Takes a password another hub set (a pairing revoked there): on disk, then in use.
   * Serialised with rotate(); false when it was known already.
   */
  adopt(username: string, password: string): Promise<boolean> {
    const run = this.writing.then(async () => {
      if (this.passwords.get(username) === password) return false;
      const next = new Map(this.passwords);
      next.set(username, password);
      await writeSecrets(this.path, next);
      this.passwords.set(username, password);
      return true;
    });
    this.writing = run.catch(() => undefined);
    return run;
  }

  password(username: string): string | undefined {
    return this.passwords.get(username);
  }

  /** Constant-time check, so that timing does not leak how much of a guess was right. */
  verify(username: string | undefined, password: Buffer | undefined): boolean {
    if (username === undefined || password === undefined) return false;
    const expected = this.passwords.get(username);
    if (expected === undefined) return false;
    const a = Buffer.from(expected, "utf8");
    return a.length === password.length && timingSafeEqual(a, password);
  }

  /** The username → password object, for the pairing screen and the tests. */
  toJSON(): Record<string, string> {
    return Object.fromEntries(this.passwords);
  }
}
