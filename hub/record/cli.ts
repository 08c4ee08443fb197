/**
 * `npm run record -- JOURNAL... [--format html|pdf|mafiaratings|json|svg|table]
 * [--lang en|de|ru] [--out FILE] [--vote N] [--scoring [FILE]] [--authors]`
 *
 * Writes the record of a game from its journal (`{dataDir}/{table}/game-NNNN.jsonl`):
 * the sheet (HTML or PDF), the mafiaratings export (sport), our own JSON, the appeal
 * picture of vote N (svg), or, from several journals, the tournament table (points summed,
 * with tie-breaks). Without --out it writes to stdout. Exit code 0: written; 1: a journal
 * could not be read or rendered; 2: bad usage.
 */
import { readFile, writeFile } from "node:fs/promises";
import { Command, InvalidArgumentError, Option } from "commander";
import { RECORD_LANGS, type RecordLang } from "./i18n.js";
import { buildRecord, RECORD_FORMATS, type RecordFormat, renderRecord } from "./index.js";
import { readJournalForRecord } from "./read.js";
import { defaultScoring, type Scoring, scoringSchema, tournamentTable } from "./scoring.js";

async function scoringFrom(value: string | boolean | undefined): Promise<Scoring | null> {
  if (value === undefined || value === false) return null;
  if (value === true) return defaultScoring();
  const parsed = scoringSchema.safeParse(JSON.parse(await readFile(value, "utf8")));
  if (!parsed.success) throw new Error(`${value}: ${parsed.error.message}`);
  return parsed.data;
}

async function load(path: string) {
  return readJournalForRecord(path);
}

function tableText(rows: ReturnType<typeof tournamentTable>): string {
  const head = "place\tname\tgames\tpoints\twins\tbestMove\tpenalties";
  const lines = rows.map((r) =>
    [r.place, r.name, r.games, r.total, r.wins, r.bestMove, r.penalties].join("\t"),
  );
  return `${[head, ...lines].join("\n")}\n`;
}

async function main(argv: string[]): Promise<void> {
  const program = new Command()
    .name("record")
    .description("The record of a game from its journal: sheet, export, appeal picture, points")
    .argument("<journal...>", "game journal(s); several only with --format table")
    .addOption(
      new Option("--format <format>", "what to write")
        .choices([...RECORD_FORMATS, "table"])
        .default("html"),
    )
    .addOption(
      new Option("--lang <lang>", "language of the sheet").choices([...RECORD_LANGS]).default("en"),
    )
    .option("--out <file>", "write here instead of stdout")
    .option(
      "--vote <n>",
      "svg: which vote of the game (0 = the first)",
      (v) => {
        const n = Number(v);
        if (!Number.isInteger(n) || n < 0)
          throw new InvalidArgumentError("a vote index, 0 or more");
        return n;
      },
      0,
    )
    .option("--scoring [file]", "add FIIM-style points (defaults, or a JSON file of values)")
    .option("--authors", "name who placed each newspaper ad (forum); secret unless asked")
    .showHelpAfterError()
    .exitOverride();
  try {
    program.parse(argv);
  } catch (err) {
    const code = (err as { exitCode?: number }).exitCode ?? 2;
    process.exit(code === 0 ? 0 : 2);
  }
  const o = program.opts<{
    format: RecordFormat | "table";
    lang: RecordLang;
    out?: string;
    vote: number;
    scoring?: string | boolean;
    authors?: boolean;
  }>();
  const paths = program.args;
  if (o.format !== "table" && paths.length !== 1) {
    process.stderr.write("record: one journal at a time (several only with --format table)\n");
    process.exit(2);
  }
  const scoring = await scoringFrom(o.scoring);
  let output: Buffer;
  if (o.format === "table") {
    const records = [];
    for (const path of paths) records.push(buildRecord(await load(path)));
    output = Buffer.from(tableText(tournamentTable(records, scoring ?? defaultScoring())));
  } else {
    output = await renderRecord(await load(paths[0] as string), {
      format: o.format,
      lang: o.lang,
      scoring,
      vote: o.vote,
      authors: o.authors === true,
    });
  }
  if (o.out) await writeFile(o.out, output);
  else process.stdout.write(output);
}

main(process.argv).catch((err: Error) => {
  process.stderr.write(`record: ${err.message}\n`);
  process.exit(1);
});
