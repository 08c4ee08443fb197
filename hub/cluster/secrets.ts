/**
 * Identities in a cluster come from one place every hub reads: the Redis hash
 * `mafia:secrets` (username → password). At start a hub offers the passwords its own
 * secrets.json already has (paddles paired with it keep working) and new ones for missing
 * identities, each with HSETNX so the first offer wins and nothing is ever overwritten;
 * then it writes what Redis holds into its secrets.json (0600), which Secrets.load reads
 * as on one machine. A revoked pairing (Secrets.rotate) is written to `mafia:secrets`
 * first, then announced on the shared emitter (the username only, never a password): every
 * other hub reads the field and takes it (Secrets.adopt), so none accepts or hands out the
 * old password, and a restart keeps the new one (HSETNX never overwrites it).
 */
import { readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Redis } from "ioredis";
import type { Logger } from "../process/logger.js";
import { newPassword, SECRETS_FILE, type Secrets, usernamesFor } from "../process/secrets.js";
import type { Emitter } from "./forward.js";

export const SECRETS_KEY = "mafia:secrets";

async function localSecrets(path: string): Promise<Record<string, string>> {
  try {
    const raw = JSON.parse(await readFile(path, "utf8")) as unknown;
    if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return {};
    return Object.fromEntries(
      Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === "string"),
    );
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw err;
  }
}

/** Makes `{dataDir}/secrets.json` the cluster's shared identities for these tables. */
export async function shareSecrets(
  redis: Redis,
  dataDir: string,
  tables: readonly string[],
  log: Logger,
): Promise<void> {
  const path = join(dataDir, SECRETS_FILE);
  const local = await localSecrets(path);
  const offer = redis.pipeline();
  for (const [name, password] of Object.entries(local)) offer.hsetnx(SECRETS_KEY, name, password);
  for (const table of tables)
    for (const name of usernamesFor(table))
      if (!(name in local)) offer.hsetnx(SECRETS_KEY, name, newPassword());
  const results = (await offer.exec()) ?? [];
  const failed = results.find(([err]) => err);
  if (failed?.[0]) throw failed[0];
  const shared = await redis.hgetall(SECRETS_KEY);
  const tmp = `${path}.tmp`;
  await writeFile(tmp, `${JSON.stringify(shared, null, 2)}\n`, { mode: 0o600 });
  await rename(tmp, path);
  log.info({ event: "secrets.shared", identities: Object.keys(shared).length });
}

/** Where a hub says that an identity's password changed; no client may subscribe to $SYS. */
export const ROTATED_TOPIC = "$SYS/mafia-hub/secrets/rotated";

/**
 * Makes a hub's revocations the cluster's: `secrets.rotate` stores the new password in
 * Redis and tells every hub; a hub told takes the password from Redis and calls
 * `onAdopted` (which closes the identity's connections there). Resolves once subscribed.
 */
export function shareRotations(
  redis: Redis,
  mq: Emitter,
  secrets: Secrets,
  log: Logger,
  onAdopted: (username: string) => void,
): Promise<void> {
  secrets.shareRotations(async (username, password) => {
    await redis.hset(SECRETS_KEY, username, password);
    await new Promise<void>((resolve, reject) =>
      mq.emit({ topic: ROTATED_TOPIC, payload: username }, (err) =>
        err ? reject(err) : resolve(),
      ),
    );
  });
  return new Promise((resolve) =>
    mq.on(
      ROTATED_TOPIC,
      (packet, cb) => {
        cb();
        const username = String(packet.payload);
        void redis
          .hget(SECRETS_KEY, username)
          .then(async (password) => {
            if (!password || secrets.password(username) === undefined) return;
            if (!(await secrets.adopt(username, password))) return;
            log.info({ event: "secrets.adopted", username }, "a pairing revoked on another hub");
            onAdopted(username);
          })
          .catch((err: Error) =>
            log.warn({ event: "secrets.adopt_failed", username, err: err.message }),
          );
      },
      resolve,
    ),
  );
}
