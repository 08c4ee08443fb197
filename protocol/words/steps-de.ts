import type { StepWordKey } from "./steps-en.js";

/**
 * The steps' words in German: `step.<id>` for every step a ruleset's manifest declares (and the
 * core's `waiting`), `night.<id>` for what a night step is doing (`.zero` on night 0).
 */
export const deSteps: Record<StepWordKey, string> = {
  "step.waiting": "Warten auf den Spielleiter",
  "step.mafia": "Mafia",
  "step.don": "Don",
  "step.sheriff": "Sheriff",
  "step.morning": "Morgen",
  "step.speech": "Rede",
  "step.vote": "Abstimmung",
  "step.shootout": "Stechen",
  "step.revote": "Neue Abstimmung",
  "step.leavevote": "Alle gehen oder alle bleiben",
  "step.stayvote": "Wer ist dafür, dass alle bleiben?",
  "step.lastword": "Letztes Wort",
  "step.end": "Spielende",
  "step.discussion": "Diskussion",
  "step.night": "Nacht",
  "night.mafia.zero": "die Mafia lernt sich kennen",
  "night.mafia": "die Mafia geht auf die Jagd",
  "night.don.zero": "der Don lernt den Spielleiter kennen",
  "night.don": "der Don sucht den Sheriff",
  "night.sheriff.zero": "der Sheriff lernt den Spielleiter kennen",
  "night.sheriff": "der Sheriff prüft",
  "night.night": "alle treffen ihre Wahl",
  "night.sleep": "Alle behalten die Augenbinde auf",
  "step.status": "Status-PNs",
  "step.day": "Diskussion und Abstimmung",
};
