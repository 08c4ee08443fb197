/**
 * Timings both ends of the wire rely on. Imported by the paddle firmware (bundled for
 * Espruino): plain constants only.
 */

/**
 * How long the paddle firmware waits for an input's PUBACK before it drops the link and
 * tries another hub (its default `ackTimeoutMs`). A cluster hub's forward deadline (two of
 * its leases, hub/cluster/forward.ts) must stay below it, so that a live hub always answers
 * first (docs/CLUSTER.md); the hub warns at start when `--lease-ms` breaks that.
 */
export const PADDLE_ACK_TIMEOUT_MS = 12_000;
