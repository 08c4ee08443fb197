import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The suite in four projects, so the pure part runs quick on its own (`npm run test:quick`)
 * and `vitest run` (in `npm test`) still runs all of them:
 * - pure: no socket, no process, no browser, no clock of the hub. Its files share worker
 *   threads without isolation: loading the engine once per worker, not once per file, is
 *   where most of its time went.
 * - hub: the real broker, hubs, Redis, journals on disk and child processes, in forks that
 *   each run many files without isolation: a fresh module graph per file (the hub, the
 *   engine, aedes, mqtt) was 92 s of this project's 251 s on two workers, 12 s without
 *   (`npx vitest run --project hub`, with and without `--no-isolate`: 251 s and 212 s).
 *   A file must leave no global behind (registered words and rulesets are taken back in
 *   afterAll; hubs and clients are stopped in its hooks).
 * - browser: Chromium pages over a real hub; the display is built once, in its global setup.
 * - sim: whole simulated games (paddle firmware in bots, the simulator's command line).
 *
 * Two files at a time: vitest's default on a 2-core machine is one (cores - 1), and then the
 * suite ran one file after another at about 63% of one core (user+sys 10 min in a 16 min
 * run), since most of its files wait on sockets, child processes, Chromium and game timers.
 */

/** Pure files outside test/engine and test/protocol (which are pure as folders). */
const PURE_FILES = [
  "test/browser/i18n.test.ts",
  "test/browser/seat-layout.test.ts",
  "test/docs/**/*.test.ts",
  "test/firmware/boot-guard.test.ts",
  "test/firmware/bundle.test.ts",
  "test/firmware/hub-order.test.ts",
  "test/firmware/menu-offers.test.ts",
  "test/firmware/menu-options.test.ts",
  "test/firmware/tls-transport.test.ts",
  "test/hardware/box-screen.test.ts",
  "test/hardware/config.test.ts",
  "test/hub/acl.test.ts",
  "test/hub/outbox.test.ts",
  "test/hub/retained-index.test.ts",
  "test/record/bestmove.test.ts",
  "test/record/forum-record.test.ts",
  "test/record/forum-texts.test.ts",
  "test/record/record.test.ts",
  "test/record/words.test.ts",
  "test/security/hunt-secrecy.test.ts",
];
const PURE = ["test/engine/**/*.test.ts", "test/protocol/**/*.test.ts", ...PURE_FILES];
const BROWSER = ["test/browser/**/*.test.ts"];
const SIM = ["test/firmware/sim-*.test.ts", "test/sim/**/*.test.ts"];
/**
 * Failovers and Sentinels time leases and reconnects, and the flood times its metering:
 * they run last, in a group of their own, two files at a time and never beside a browser
 * file (there the Sentinel failover once missed its reconnect window). The group's 20
 * files took 132 s one at a time in a CI run, and 89-91 s two at a time here (`npx vitest
 * run --project alone`, twice, all passed). The other fault files (kills and restarts,
 * fuzz, flapping) assert on what was journaled, not on when, and run with the rest.
 */
const ALONE = ["test/cluster/**/*.test.ts", "test/fault/flood.test.ts"];

/**
 * The order in which the two workers take the projects' files (within a project vitest's
 * own order stays: failed, then longest last time, then, as on CI's fresh clone where no
 * durations are cached, largest file first). Vitest's default runs the projects by name
 * (browser, hub, pure, sim), so the sim's whole games came last and one worker idled while
 * the other finished a game. Long files first and the pure project's many short files
 * last, which then fill both workers to the end of the group.
 */
const PROJECT_ORDER = ["sim", "browser", "hub", "pure"];

class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const at = PROJECT_ORDER.indexOf(f.project.name);
      return at < 0 ? PROJECT_ORDER.length : at;
    };
    const sorted = await super.sort(files);
    // Stable: vitest's order within a project and a group (the `alone` one last) stays.
    return sorted.sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        rank(a) - rank(b),
    );
  }
}

export default defineConfig({
  test: {
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 30_000,
    sequence: { sequencer: LongFirstSequencer },
    projects: [
      {
        extends: true,
        test: { name: "pure", include: PURE, pool: "threads", isolate: false },
      },
      {
        extends: true,
        test: {
          name: "hub",
          include: ["test/**/*.test.ts"],
          exclude: [...PURE, ...BROWSER, ...SIM, ...ALONE],
          pool: "forks",
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "alone",
          include: ALONE,
          pool: "forks",
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: "browser",
          include: BROWSER,
          exclude: PURE_FILES,
          pool: "forks",
          // As the hub project: each file closes its browser and hub in its own hooks. In
          // two fresh-clone CI runs the project's files took 567 s in all without isolation
          // and 582 s with it, and vitest's imports 62 s and 137 s.
          isolate: false,
          // The display built once for all browser files (each copies it), not once per file.
          globalSetup: ["test/browser/display-build.ts"],
        },
      },
      {
        extends: true,
        test: { name: "sim", include: SIM, pool: "forks" },
      },
    ],
  },
});
