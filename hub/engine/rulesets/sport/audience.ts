/**
 * SPORT-SETUP-05: the audience knows every role. The hall or a stream also sees the night's
 * choices, each once its step is over (never while the step runs, so a stream watched at
 * the table cannot steer a shot or a check).
 */
import type { AudienceExtra } from "../../ruleset.js";
import type { SportState } from "./flow.js";
import { NIGHT_STEPS } from "./night.js";
import { sportRole } from "./roles/index.js";
import type { SportNightStep } from "./roles/role.js";

export function sportAudience(state: SportState): AudienceExtra {
  const roles: Record<string, string> = {};
  for (const s of state.seats) if (s.role) roles[String(s.seat)] = s.role;
  const current = NIGHT_STEPS.indexOf(state.step as SportNightStep);
  const over = (step: SportNightStep, night: number) =>
    state.phase !== "night" || night < state.round || current > NIGHT_STEPS.indexOf(step);
  // Logged when the mafia's step ends, so a shot is never shown while its step runs.
  const night: AudienceExtra["night"] = [];
  for (const { round, shots } of state.flow.shotLog ?? []) {
    for (const [seat, targets] of Object.entries(shots)) {
      night.push({ round, step: "mafia", seat: Number(seat), action: "shoot", targets });
    }
  }
  const results: AudienceExtra["results"] = [];
  for (const s of state.seats) {
    const step = sportRole(s.role)?.check?.step;
    if (!step) continue;
    for (const r of s.results) {
      if (over(step, r.night))
        results.push({ seat: s.seat, night: r.night, key: r.key, seats: r.seats });
    }
  }
  return { roles, night, results };
}
