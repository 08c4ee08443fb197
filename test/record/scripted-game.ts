/**
 * A scripted sport game written as a journal, with every kind of fact a sheet shows: fouls
 * (one taken back by a correction), nominations, a shootout, a provocation during the
 * revote, a night kill with the Don's and the Sheriff's checks, the first victim's best
 * move, and a host removal with a reason that ends the game. The deal comes from the seed
 * (mafia 4 and 9, Don 8, Sheriff 3), so the journal replays exactly.
 */
import { createGame, type EngineInput, type GameConfig } from "../../hub/engine/index.js";
import type { JournalHeader, JournalRecord } from "../../hub/journal/journal.js";
import { replayHistory } from "../../hub/table/history.js";
import { EngineDriver, T0 } from "../helpers/engine-driver.js";

export const NAMES = [
  "Anna",
  "Boris",
  "Clara",
  "Dmitri",
  "Eva <b>&",
  "Fjodor",
  "Greta",
  "Hans",
  "Irina",
  "Jörg",
];

export interface ScriptedGame {
  header: JournalHeader;
  records: JournalRecord[];
  driver: EngineDriver;
  /** Record numbers of interest. */
  n: { undoneFoul: number; undo: number; provocation: number };
}

function fresh(config: GameConfig) {
  const created = createGame(config);
  if (!created.ok) throw new Error(created.errors.join("; "));
  return created.state;
}

export function scriptedSportGame(): ScriptedGame {
  const config: GameConfig = {
    table: "t1",
    ruleset: "sport",
    seats: NAMES.map((name, i) => ({ seat: i + 1, name })),
    options: {},
    seed: "0123456789abcdef0123456789abcdef",
    at: T0 - 60_000,
  };
  const d = new EngineDriver();
  d.state = fresh(config);
  const records: JournalRecord[] = [];
  const push = (input: EngineInput) => {
    const n = records.length + 1;
    const record: JournalRecord = { type: "input", n, input };
    // As the hub journals them: a host command with its id (only those can be taken back).
    if (input.type === "host") record.src = { host: `cmd-${n}` };
    records.push(record);
    return n;
  };
  const feed = (input: EngineInput) => {
    const rejection = d.feed(input);
    if (rejection) throw new Error(`rejected ${JSON.stringify(input)}: ${rejection.code}`);
    return push(input);
  };
  const host = (action: EngineInput & { type: "host" }) => feed(action);
  const h = (action: Extract<EngineInput, { type: "host" }>["action"]) =>
    host({ type: "host", at: d.at, action });
  const seat = (n: number, action: Extract<EngineInput, { type: "seat" }>["action"]) =>
    feed({ type: "seat", at: d.at, seat: n, action });
  const thumb = (n: number, down: boolean) => seat(n, { kind: "thumb", down });
  const expire = () => {
    d.at = Math.max(d.at, d.state.clock.until as number);
    return feed({ type: "timer", at: d.at });
  };
  const speakAll = (noms: Record<number, number> = {}) => {
    while (d.state.phase === "day" && ["speech", "shootout", "lastword"].includes(d.state.step)) {
      const s = d.state.speaker as number;
      d.tick(2000);
      const target = noms[s];
      if (d.state.step === "speech" && target !== undefined)
        seat(s, { kind: "act", action: "nominate", targets: [target] });
      d.tick(1000);
      seat(s, { kind: "pass" });
    }
  };

  h({ cmd: "start" });
  while (d.state.phase === "night") {
    d.tick(5000);
    h({ cmd: "next" });
  }
  // Day 0: 1 nominates 5, 2 nominates 6; a foul on 4 that stands and one on 3 taken back.
  d.tick(1000);
  h({ cmd: "foul", seat: 4, cause: "out_of_turn" });
  d.tick(1000);
  const undoneFoul = h({ cmd: "foul", seat: 3, cause: "swearing" });
  d.tick(1000);
  const undo = push({
    type: "host",
    at: d.at,
    action: { cmd: "undo", reason: "wrong seat", undoes: undoneFoul },
  });
  // The hub's own history computes the corrected game (paused); the host resumes.
  const corrected = replayHistory(() => fresh(config), records);
  if (!corrected.ok) throw new Error(`undo refused: ${corrected.rejection.message}`);
  d.state = corrected.state;
  d.tick(1000);
  h({ cmd: "resume" });
  speakAll({ 1: 5, 2: 6 });
  // The vote: 1..5 for 5, the rest by default for 6: a tie and a shootout.
  for (const s of [1, 2, 3, 4, 5]) {
    d.tick(200);
    thumb(s, true);
  }
  expire();
  d.tick(300);
  for (const s of [1, 2, 3, 4, 5]) thumb(s, false);
  expire();
  speakAll();
  // The revote: 1..4 for 5, and 10 provokes (down and up inside one window).
  for (const s of [1, 2, 3, 4]) {
    d.tick(400);
    thumb(s, true);
  }
  d.tick(300);
  thumb(10, true);
  d.tick(150);
  const provocation = thumb(10, false);
  expire();
  d.tick(250);
  for (const s of [1, 2, 3, 4]) thumb(s, false);
  expire(); // 5, 6, 7, 8, 9 default to 6: 6 is out
  speakAll();
  // Night 1: the mafia shoot 1, the Don checks 3, the Sheriff checks 8.
  d.tick(2000);
  for (const s of [4, 8, 9]) seat(s, { kind: "act", action: "shoot", targets: [1] });
  h({ cmd: "next" });
  d.tick(3000);
  seat(8, { kind: "act", action: "check", targets: [3] });
  h({ cmd: "next" });
  d.tick(3000);
  seat(3, { kind: "act", action: "check", targets: [8] });
  h({ cmd: "next" });
  // Morning: 1's last word with the best move.
  d.tick(10_000);
  h({ cmd: "bestmove", seat: 1, guess: [4, 8, 2] });
  d.tick(5000);
  seat(1, { kind: "pass" });
  // Day 1: the host removes 2 during his speech; 3 blacks against 3 reds: the mafia wins.
  d.tick(20_000);
  h({ cmd: "remove", seat: 2, reason: "phone call <script>" });
  const header: JournalHeader = {
    type: "header",
    v: 1,
    config,
    setupId: null,
    seen: {},
    hostIds: [],
  };
  return { header, records, driver: d, n: { undoneFoul, undo, provocation } };
}
