/**
 * The steps' words in English: `step.<id>` for every step a ruleset's manifest declares (and the
 * core's `waiting`), `night.<id>` for what a night step is doing (`.zero` on night 0).
 */
export const enSteps = {
  "step.waiting": "Waiting for the host",
  "step.mafia": "Mafia",
  "step.don": "Don",
  "step.sheriff": "Sheriff",
  "step.morning": "Morning",
  "step.speech": "Speech",
  "step.vote": "Vote",
  "step.shootout": "Shootout",
  "step.revote": "Revote",
  "step.leavevote": "All leave or all stay",
  "step.stayvote": "Who is for all staying?",
  "step.lastword": "Last word",
  "step.end": "Game over",
  "step.discussion": "Discussion",
  "step.night": "Night",
  "night.mafia.zero": "the mafia meets",
  "night.mafia": "the mafia goes hunting",
  "night.don.zero": "the Don meets the host",
  "night.don": "the Don looks for the Sheriff",
  "night.sheriff.zero": "the Sheriff meets the host",
  "night.sheriff": "the Sheriff checks",
  "night.night": "everyone makes their choice",
  "night.sleep": "Everyone keeps the blindfold on",
  "step.status": "Status messages",
  "step.day": "Discussion and vote",
} as const;

export type StepWordKey = keyof typeof enSteps;
