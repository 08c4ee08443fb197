import type { StepWordKey } from "./steps-en.js";

/**
 * The steps' words in Russian: `step.<id>` for every step a ruleset's manifest declares (and the
 * core's `waiting`), `night.<id>` for what a night step is doing (`.zero` on night 0).
 */
export const ruSteps: Record<StepWordKey, string> = {
  "step.waiting": "Ждём ведущего",
  "step.mafia": "Мафия",
  "step.don": "Дон",
  "step.sheriff": "Шериф",
  "step.morning": "Утро",
  "step.speech": "Речь",
  "step.vote": "Голосование",
  "step.shootout": "Перестрелка",
  "step.revote": "Переголосование",
  "step.leavevote": "Все уходят или все остаются",
  "step.stayvote": "Кто за то, чтобы все остались?",
  "step.lastword": "Последнее слово",
  "step.end": "Игра окончена",
  "step.discussion": "Обсуждение",
  "step.night": "Ночь",
  "night.mafia.zero": "мафия знакомится",
  "night.mafia": "мафия выходит на охоту",
  "night.don.zero": "Дон знакомится с ведущим",
  "night.don": "Дон ищет Шерифа",
  "night.sheriff.zero": "Шериф знакомится с ведущим",
  "night.sheriff": "Шериф проверяет",
  "night.night": "все делают выбор",
  "night.sleep": "Все в повязках",
  "step.status": "Сообщения о статусе",
  "step.day": "Обсуждение и голосование",
};
