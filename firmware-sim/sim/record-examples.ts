/**
 * `npm run record:examples`: plays firmware-sim/sim/scenarios/sport-forced.json on an
 * in-process hub with ten simulated paddles (as `npm run sim -- --script` does), then
 * writes the game's record into docs/record/: the sheet (en, de, ru), our JSON, the
 * mafiaratings export, the appeal picture of every vote, and the record's JSON Schema.
 * Lives with the simulator because it plays a table; the record itself is hub/record/.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { listGames } from "../../hub/journal/journal.js";
import { createLogger } from "../../hub/process/logger.js";
import {
  buildRecord,
  RECORD_LANGS,
  recordJsonSchema,
  renderRecord,
} from "../../hub/record/index.js";
import { readJournalForRecord } from "../../hub/record/read.js";
import { startHub } from "../../hub/server.js";
import { parseScenario } from "./script.js";
import { startSim } from "./table-sim.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const OUT = join(ROOT, "docs", "record");
const SCENARIO = join(ROOT, "firmware-sim", "sim", "scenarios", "sport-forced.json");

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), "record-examples-"));
  const hub = await startHub({
    dataDir,
    mqttPort: 0,
    httpPort: 0,
    host: "127.0.0.1",
    seats: 10,
    logger: createLogger("silent"),
  });
  try {
    const sim = await startSim({
      mqttUrl: `mqtt://127.0.0.1:${hub.mqttPort}`,
      secrets: hub.secrets.toJSON() as Record<string, string>,
      paddles: 10,
      bots: true,
      hostBot: true,
      script: parseScenario(await readFile(SCENARIO, "utf8"), SCENARIO),
      log: () => undefined,
    });
    const end = await sim.finished;
    await sim.stop();
    await hub.stop();
    const games = await listGames(join(dataDir, "t1"));
    const journal = await readJournalForRecord(join(dataDir, "t1", games.at(-1) as string));
    await mkdir(OUT, { recursive: true });
    const base = join(OUT, "sport-forced");
    // The bots play differently each run: pictures of votes this run did not hold go.
    for (const old of await readdir(OUT))
      if (/^sport-forced\.vote-\d+\.svg$/.test(old)) await rm(join(OUT, old));
    for (const lang of RECORD_LANGS)
      await writeFile(
        `${base}.${lang}.html`,
        await renderRecord(journal, { format: "html", lang }),
      );
    await writeFile(`${base}.json`, await renderRecord(journal, { format: "json", scoring: null }));
    await writeFile(
      `${base}.mafiaratings.json`,
      await renderRecord(journal, { format: "mafiaratings" }),
    );
    const votes = buildRecord(journal).votes.length;
    for (let vote = 0; vote < votes; vote++)
      await writeFile(
        `${base}.vote-${vote}.svg`,
        await renderRecord(journal, { format: "svg", vote }),
      );
    await writeFile(
      join(OUT, "record.schema.json"),
      `${JSON.stringify(recordJsonSchema(), null, 2)}\n`,
    );
    process.stdout.write(
      `record examples: ${end.winner ?? "no winner"}, ${votes} votes, written to ${OUT}\n`,
    );
  } finally {
    await hub.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: Error) => {
  process.stderr.write(`record:examples: ${err.message}\n`);
  process.exit(1);
});
