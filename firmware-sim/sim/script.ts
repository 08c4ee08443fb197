/**
 * Scenario files for `npm run sim -- --script FILE`: rules that say, at a time or when the
 * table reaches a state, what a seat's hands do. JSON:
 *
 *   { "rules": [
 *     { "when": { "phase": "day", "round": 0 }, "hold": "all" },
 *     { "when": { "step": "speech", "speaker": 1 }, "do": [{ "seat": 1, "pick": 5 }, { "seat": 1, "pass": true }] },
 *     { "when": { "step": "speech" }, "each": true, "do": [{ "seat": "speaker", "pass": true }] },
 *     { "when": { "phase": "night" }, "view": { "seat": 7, "blindfold": true }, "do": [{ "seat": 7, "blindfold": "off" }] },
 *     { "at": 2000, "do": [{ "seat": 3, "thumb": "down" }, { "wait": 300 }, { "seat": 3, "thumb": "up" }] } ] }
 *
 * - `when` matches fields of the public state (phase, step, round, speaker, counting);
 *   `view` matches the named seat's own view as its paddle has it.
 * - A table state (phase, step, round, speaker, counting) is acted on by at most one rule:
 *   the first whose conditions hold. A rule fires once, or with `each` once per state.
 * - `hold` keeps the bots of those seats still while `when` holds (the script plays them).
 * - Actions run in order: `thumb` down/up, `blindfold` on/off, `pick` a seat (cursor and
 *   two presses of ok), `pass` ("thank you"), `key` prev/next/ok, `wait` ms. `seat` may be
 *   "speaker" or "counting". `speak` ms (at `level`, default 60, firmware/voice.ts's
 *   scale) makes the seat talk into the table's microphones (`--voice`) and does not wait:
 *   `{ "seat": 4, "speak": 2100 }` during seat 7's speech is speaking out of turn. A pick or pass waits (up to 3 s) for the paddle to offer it;
 *   a thumb or blindfold action is always an edge, so it waits for the other level first.
 */
import { z } from "zod";
import type { SimPaddle } from "./sim-paddle.js";
import type { VoiceRoom } from "./voice-track.js";

const seatRef = z.union([z.number().int().min(1).max(20), z.enum(["speaker", "counting"])]);

const actionSchema = z.union([
  z.strictObject({ seat: seatRef, thumb: z.enum(["down", "up"]) }),
  z.strictObject({ seat: seatRef, blindfold: z.enum(["on", "off"]) }),
  z.strictObject({ seat: seatRef, pick: z.number().int().min(1).max(20) }),
  z.strictObject({ seat: seatRef, pass: z.literal(true) }),
  z.strictObject({ seat: seatRef, key: z.enum(["prev", "next", "ok"]) }),
  z.strictObject({
    seat: seatRef,
    speak: z.number().int().min(1).max(600_000),
    level: z.number().int().min(0).max(100).optional(),
  }),
  z.strictObject({ wait: z.number().min(0).max(60_000) }),
]);

const conditionSchema = z.strictObject({
  phase: z.string().optional(),
  step: z.string().optional(),
  round: z.number().int().optional(),
  speaker: z.number().int().nullable().optional(),
  counting: z.number().int().nullable().optional(),
});

const ruleSchema = z.strictObject({
  when: conditionSchema.optional(),
  view: z
    .strictObject({
      seat: z.number().int().min(1).max(20),
      blindfold: z.boolean().optional(),
      alive: z.boolean().optional(),
    })
    .optional(),
  at: z.number().min(0).optional(),
  each: z.boolean().optional(),
  hold: z.union([z.literal("all"), z.array(z.number().int().min(1).max(20))]).optional(),
  do: z.array(actionSchema).optional(),
});

export const scenarioSchema = z.strictObject({ rules: z.array(ruleSchema) });
export type Scenario = z.infer<typeof scenarioSchema>;
export type ScriptRule = z.infer<typeof ruleSchema>;
export type ScriptAction = z.infer<typeof actionSchema>;

export interface TableState {
  phase: string;
  step: string;
  round: number;
  speaker: number | null;
  counting: number | null;
}

export function parseScenario(text: string, source = "scenario"): Scenario {
  const parsed = scenarioSchema.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new Error(
      `${source}: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
    );
  return parsed.data;
}

const stateKey = (s: TableState) => `${s.phase}|${s.step}|${s.round}|${s.speaker}|${s.counting}`;

export class ScriptRunner {
  private state: TableState | null = null;
  private readonly fired = new Set<number>();
  private readonly handled = new Set<string>();
  /** Seats that a running rule is moving, with how many rules are. */
  private readonly acting = new Map<number, number>();
  private readonly timers: NodeJS.Timeout[] = [];
  private stopped = false;

  constructor(
    private readonly scenario: Scenario,
    private readonly paddles: SimPaddle[],
    private readonly log: (line: string) => void,
    /** The table's air, when its paddles have microphones (the `speak` action). */
    private readonly room: VoiceRoom | null = null,
  ) {
    scenario.rules.forEach((rule, i) => {
      if (rule.at === undefined || rule.when || rule.view) return;
      this.timers.push(setTimeout(() => this.fire(i, rule, this.state), rule.at));
    });
    for (const p of paddles) p.events.on("change", () => this.evaluate());
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
  }

  onState(state: TableState): void {
    this.state = state;
    this.evaluate();
  }

  /** Whether the script plays this seat now (its bot must keep still). */
  holds(seat: number): boolean {
    const s = this.state;
    if (!s) return false;
    if (this.acting.has(seat)) return true;
    return this.scenario.rules.some(
      (r) => r.hold && this.matches(r, s) && (r.hold === "all" || r.hold.includes(seat)),
    );
  }

  private matches(rule: ScriptRule, s: TableState): boolean {
    const w = rule.when ?? {};
    for (const k of ["phase", "step", "round", "speaker", "counting"] as const) {
      if (w[k] !== undefined && w[k] !== s[k]) return false;
    }
    if (rule.view) {
      const p = this.paddles.find((sp) => sp.seat === rule.view?.seat)?.paddle.view;
      if (!p) return false;
      if (rule.view.blindfold !== undefined && p.blindfold !== rule.view.blindfold) return false;
      if (rule.view.alive !== undefined && p.alive !== rule.view.alive) return false;
    }
    return true;
  }

  private evaluate(): void {
    const s = this.state;
    if (!s || this.stopped) return;
    const key = stateKey(s);
    if (this.handled.has(key)) return;
    const rules = this.scenario.rules;
    for (let i = 0; i < rules.length; i++) {
      const rule = rules[i] as ScriptRule;
      if (!rule.do || (rule.at !== undefined && !rule.when && !rule.view)) continue;
      if (!rule.each && this.fired.has(i)) continue;
      if (!this.matches(rule, s)) continue;
      this.handled.add(key);
      this.fire(i, rule, s);
      return;
    }
  }

  private fire(index: number, rule: ScriptRule, s: TableState | null): void {
    this.fired.add(index);
    // The seats a rule moves are the script's until it is done: a bot must not undo a
    // "blindfold off" inside the firmware's debounce window.
    const seats = (rule.do ?? []).flatMap((a) =>
      "seat" in a ? [typeof a.seat === "number" ? a.seat : (s?.[a.seat] ?? 0)] : [],
    );
    for (const seat of seats) this.acting.set(seat, (this.acting.get(seat) ?? 0) + 1);
    const release = () => {
      for (const seat of seats) {
        const n = (this.acting.get(seat) ?? 1) - 1;
        if (n > 0) this.acting.set(seat, n);
        else this.acting.delete(seat);
      }
    };
    this.run(rule.do ?? [], s)
      .catch((err: Error) => this.log(`script: rule ${index + 1}: ${err.message}`))
      // Hold on a little past the last action, so that its debounced edge goes out first.
      .then(() => setTimeout(release, 100));
  }

  private async run(actions: ScriptAction[], s: TableState | null): Promise<void> {
    for (const a of actions) {
      if (this.stopped) return;
      if ("wait" in a) {
        await new Promise((r) => setTimeout(r, a.wait));
        continue;
      }
      const n = a.seat === "speaker" ? s?.speaker : a.seat === "counting" ? s?.counting : a.seat;
      const sp = typeof n === "number" ? this.paddles.find((sp) => sp.seat === n) : undefined;
      if (!sp) throw new Error(`no seat for ${JSON.stringify(a.seat)}`);
      if ("thumb" in a) {
        const down = a.thumb === "down";
        const other = () => sp.hal.thumbLevel !== down && sp.paddle.thumbDown !== down;
        await sp.waitFor(other, 3000, `thumb ${a.thumb} to be an edge`);
        sp.hal.setThumb(down);
      } else if ("blindfold" in a) {
        // "Takes it off" is an edge: if a bot has not put it on yet, wait until it has, and
        // until the firmware's debounce has taken that level (or the two would cancel out).
        const on = a.blindfold === "on";
        const other = () => sp.hal.blindfoldLevel !== on && sp.paddle.blindfoldOn !== on;
        await sp.waitFor(other, 3000, `blindfold ${a.blindfold} to be an edge`);
        sp.hal.setBlindfold(on);
      } else if ("key" in a) sp.hal.press(a.key);
      else if ("speak" in a) {
        if (!this.room) throw new Error("speak: the table has no microphones (run with --voice)");
        this.room.say(sp.seat, a.speak, a.level ?? 60);
      } else if ("pick" in a) {
        const seat = a.pick;
        await sp.waitFor(() => sp.canPick(seat), 3000, `offer seat ${seat} to pick`);
        sp.pick(seat);
      } else if ("pass" in a) {
        await sp.waitFor(() => sp.canPass(), 3000, "offer pass");
        sp.pass();
      }
      // Let the firmware's debounce see each level on its own.
      await new Promise((r) => setTimeout(r, 5));
    }
  }
}
