/**
 * Which of a seat's sensor facts the rules may act on. A seat says in its hello what it can
 * sense (`caps`, protocol/inputs.ts CAPABILITIES): a paddle has a thumb pad and a blindfold
 * switch; a phone has a thumb area on its glass but no blindfold sensor, and its blindfold
 * switch is the player's word (`blindfold-said`), which no rule turns into a removal. The
 * facts are recorded either way (the host sees them); only the rules look here.
 */
import type { SeatState } from "./types.js";

export type Sensor = "thumb" | "blindfold";

/**
 * Whether the seat's last hello named this sensor. A seat that never said hello (`fw` null:
 * a journal or a test bot from before capabilities) is taken as the full paddle it was then.
 */
export function senses(seat: SeatState, sensor: Sensor): boolean {
  if (seat.fw === null) return true;
  return seat.caps.includes(sensor);
}
