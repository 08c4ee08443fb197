/**
 * The hub's rooms: which folder under hub/ each of its former root files lives in. Read by
 * scripts/hub-rooms.ts (which moves the files) and by test/engine/layers.test.ts (which holds
 * the rule of which room may import which), so the map is written once. A file names its
 * room by its folder once moved, and by this map while it is still at hub/'s root, so the
 * rule holds before and after the move.
 *
 * The rooms, bottom to top:
 *   process  what the running process owns and every room may use: logs, secrets, health
 *   journal  the game files: format, store, tail, migration, data dir, the deal verifier
 *   table    one table's game: its queue, step, commit, outbox, undo, timer, resume
 *   mqtt     the broker and what guards it: permissions, gate, limits, retained views
 *   web      HTTP: pages, pairing API and pairing links, security headers, TLS, links, mDNS
 * server.ts and cli.ts stay at hub/'s root: they are the hub's two front doors, and nothing
 * else is. server.ts composes the rooms into a running hub (startHub, what tests, the
 * simulator and benches start), as hub/engine/index.ts composes the engine; cli.ts is the
 * command line around it (its flags, ready line, pairing links, signals), which start.ts one
 * level up composes with the simulator. No room may import either.
 * test/engine/layers.test.ts holds the rule that hub/'s root holds these two alone.
 */

/** Room → the hub root files (names without `.ts`) that go into it. */
export const ROOMS: Record<string, readonly string[]> = {
  process: ["logger", "secrets", "health", "port-check", "listen"],
  journal: [
    "journal",
    "journal-format",
    "journal-store",
    "journal-tail",
    "journal-migrate",
    "data-dir",
    "verify-deal",
  ],
  table: [
    "table",
    "table-core",
    "outbox",
    "actions",
    "dedupe",
    "history",
    "undo-list",
    "scheduler",
    "resume",
    "setup",
    "game-events",
  ],
  mqtt: ["broker", "acl", "gate", "connect-limit", "retained-index", "devices"],
  web: ["http", "web-security", "pairing-http", "pairing", "links", "tls", "mdns"],
};

/** Root files that stay: the composition of the rooms and its command line. */
export const STAYS: readonly string[] = ["server", "cli"];
