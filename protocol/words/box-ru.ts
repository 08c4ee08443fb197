import type { enBox } from "./box-en.js";

/** The host box's LCD lines in Russian (box-en.ts); the box writes them in Latin letters. */
export const ruBox: Record<keyof typeof enBox, string> = {
  "box.noHub": "Нет хаба",
  "box.setup": "Подготовка",
  "box.day": "День",
  "box.night": "Ночь",
  "box.end": "Конец: {what}",
  "box.aborted": "прервана",
  "box.paused": "Пауза",
  "box.pausedSeat": "Пауза: место {seat}",
  "box.seat": "Место {seat}",
  "box.foul": "Фол: место {seat}",
  "box.foulAsk": "Фол месту {seat}?",
};
