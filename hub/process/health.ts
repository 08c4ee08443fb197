/**
 * `/healthz`: whether this hub can take inputs now, per dependency, with a status code a
 * load balancer can act on (200 ready, 503 not). Each check is bounded in time, so a frozen
 * Redis (SIGSTOP, a paused VM) makes the hub "not ready" within a second instead of making
 * the health check hang or, worse, answer "ok" (docs/PROTOCOL.md, "/healthz").
 */
import { constants } from "node:fs";
import { access } from "node:fs/promises";

/** How long one check may take before it counts as failed (ms). */
export const HEALTH_CHECK_MS = 1_000;

export interface Check {
  ok: boolean;
  /** Why not, when not ok. */
  error?: string;
  /** Tables whose lease this hub holds (the `leases` check). */
  held?: string[];
}

export interface Health {
  ok: boolean;
  checks: Record<string, Check>;
}

/** Runs a check with a deadline; an error or a timeout is a failed check. */
export async function bounded(what: string, run: () => Promise<unknown>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Check>((resolve) => {
    timer = setTimeout(
      () => resolve({ ok: false, error: `${what}: no answer within ${HEALTH_CHECK_MS} ms` }),
      HEALTH_CHECK_MS,
    );
  });
  const done = run().then(
    (): Check => ({ ok: true }),
    (err: Error): Check => ({ ok: false, error: `${what}: ${err.message}` }),
  );
  try {
    return await Promise.race([done, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** One hub on one machine: its journals are files in the data dir. */
export async function localHealth(dataDir: string): Promise<Health> {
  const journal = await bounded("data dir", () => access(dataDir, constants.W_OK));
  return { ok: journal.ok, checks: { journal } };
}
