/**
 * The hub-side hardware (an edge: it uses the hub's MQTT broker like any client; nothing in
 * the hub or the engine imports it). `startHardware` connects every board of a config and
 * keeps reconnecting each; the host box and the wired seats come back with their board.
 */
import type { Logger } from "../process/logger.js";
import { type BackoffTimings, BoardLink, DEFAULT_BACKOFF } from "./board-link.js";
import type { BoardConfig } from "./config.js";
import { HostBox } from "./host-box.js";
import type { HubAccess } from "./hub-client.js";
import { WiredSeat } from "./wired-seat.js";

export { type BoardConfig, loadBoardConfig, parseBoardConfig } from "./config.js";
export type { HubAccess } from "./hub-client.js";

export interface Hardware {
  links: BoardLink[];
  box: HostBox | null;
  seats: WiredSeat[];
  stop(): Promise<void>;
}

export function startHardware(
  config: BoardConfig,
  access: HubAccess,
  log: Logger,
  backoff: BackoffTimings = DEFAULT_BACKOFF,
): Hardware {
  const links: BoardLink[] = [];
  const seats: WiredSeat[] = [];
  let box: HostBox | null = null;
  for (const spec of config.boards) {
    const link = new BoardLink(spec, log, backoff);
    links.push(link);
    if (spec.box) {
      box = new HostBox(spec.box, link, access, config.table, log);
      box.start();
    }
    for (const s of spec.seats) {
      const seat = new WiredSeat(s, link, access, config.table, log);
      seat.start();
      seats.push(seat);
    }
    link.start();
  }
  log.info(
    {
      event: "hardware.started",
      boards: config.boards.map((b) => b.id),
      box: box !== null,
      wiredSeats: seats.map((s) => s.seat),
    },
    "connecting the boards",
  );
  return {
    links,
    box,
    seats,
    async stop() {
      for (const l of links) l.stop();
      await Promise.all([box?.stop(), ...seats.map((s) => s.stop())]);
    },
  };
}
