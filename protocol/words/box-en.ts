/**
 * The host box's LCD lines in English (hub/hardware/box-screen.ts): short, since a line is 16
 * or 20 characters, and with `{seat}`/`{what}` filled in by the box.
 */
export const enBox = {
  "box.noHub": "No hub",
  "box.setup": "Setup",
  "box.day": "Day",
  "box.night": "Night",
  "box.end": "End: {what}",
  "box.aborted": "aborted",
  "box.paused": "Paused",
  "box.pausedSeat": "Paused: seat {seat}",
  "box.seat": "Seat {seat}",
  "box.foul": "Foul: seat {seat}",
  "box.foulAsk": "Foul seat {seat}?",
};
