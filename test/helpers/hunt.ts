/**
 * Hunt rule tests' table: a fixed deal and short verbs for a night's moves. The deal:
 * Boss at 1, mafiosi at 2 and 3, the Doctor at 4, the Maniac at 5, civilians at 6..12.
 */
import type { LogEntry } from "../../protocol/index.js";
import { EngineDriver } from "./engine-driver.js";

export const HUNT_DEAL = [
  "boss",
  "mafia",
  "mafia",
  "doctor",
  "maniac",
  "civilian",
  "civilian",
  "civilian",
  "civilian",
  "civilian",
  "civilian",
  "civilian",
];

export const BOSS = 1;
export const DOCTOR = 4;
export const MANIAC = 5;

/**
 * A 12-seat hunt table in its first night (or first day with `firstPhase: "day"`), dealt
 * HUNT_DEAL or, for a table the host's deal cannot give, `deal`.
 */
export function huntTable(
  options: Record<string, unknown> = {},
  seed?: string,
  deal: readonly string[] = HUNT_DEAL,
): HuntTable {
  const d = new HuntTable({
    ruleset: "hunt",
    seats: 12,
    options: { firstPhase: "night", ...options },
    ...(seed ? { seed } : {}),
  });
  return d.start([...deal]);
}

export class HuntTable extends EngineDriver {
  hunt(seat: number, target: number, option: "mafia" | "maniac"): this {
    return this.ok({
      type: "seat",
      at: this.at,
      seat,
      action: { kind: "act", action: "hunt", targets: [target], option },
    });
  }

  /** The host closes the night (missing moves stay missing, HUNT-OPEN-13). */
  resolve(): this {
    if (this.state.phase !== "night") throw new Error(`not night: ${this.state.step}`);
    return this.next();
  }

  /** From the day's discussion to the next night: nobody voted. */
  toNight(): this {
    while (this.state.phase === "day") this.next();
    return this;
  }

  /** Every announcement made so far (not only the last twelve the state keeps). */
  logs(): LogEntry[] {
    return this.effects.flatMap((e) => (e.type === "log" ? [e.entry] : []));
  }

  /** The announcements of the last morning: after the last `night.start`. */
  morning(): { key: string; seats: number[]; role?: unknown }[] {
    const all = this.logs();
    const from = all.map((l) => l.key).lastIndexOf("night.start");
    return all
      .slice(from + 1)
      .filter((l) => l.key.startsWith("morning") || l.key === "day.revealed")
      .map((l) =>
        "role" in l.params
          ? { key: l.key, seats: l.seats, role: l.params.role }
          : { key: l.key, seats: l.seats },
      );
  }

  dead(): number[] {
    return this.state.seats.filter((s) => !s.alive).map((s) => s.seat);
  }
}
