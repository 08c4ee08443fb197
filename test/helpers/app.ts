/**
 * App rule tests' table: seven seats dealt by hand, Pate 1, Consigliere 2, Kommissar 3,
 * Arzt 4, Stadträte 5..7 (two mafiosi, the Kommissar and the Arzt in play), at its first
 * night.
 */
import { EngineDriver } from "./engine-driver.js";

export const APP_SEVEN = [
  "godfather",
  "consigliere",
  "commissar",
  "doctor",
  "councillor",
  "councillor",
  "councillor",
];

export function appSeven(options: Record<string, unknown> = {}): EngineDriver {
  return new EngineDriver({
    ruleset: "app",
    seats: APP_SEVEN.length,
    options: { mafia: 2, commissar: true, doctor: true, ...options },
  }).start(APP_SEVEN);
}
