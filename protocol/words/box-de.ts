import type { enBox } from "./box-en.js";

/** The host box's LCD lines in German (box-en.ts). */
export const deBox: Record<keyof typeof enBox, string> = {
  "box.noHub": "Kein Hub",
  "box.setup": "Vorbereitung",
  "box.day": "Tag",
  "box.night": "Nacht",
  "box.end": "Ende: {what}",
  "box.aborted": "abgebrochen",
  "box.paused": "Pause",
  "box.pausedSeat": "Pause: Platz {seat}",
  "box.seat": "Platz {seat}",
  "box.foul": "Foul: Platz {seat}",
  "box.foulAsk": "Foul Platz {seat}?",
};
