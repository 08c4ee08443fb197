/**
 * The host console's pairing API over HTTP, for phones (issue 15):
 *   GET  /api/pairing?table=T                 every seat's password, to draw the QR codes,
 *                                             the audience screen's (`audience/{T}`) and
 *                                             the base URL phones reach the hub by
 *   POST /api/pairing/revoke?table=T&seat=N   a new password for seat N, its connections closed
 * Both need `Authorization: Bearer <the host password of T>`. Seat passwords never travel
 * on MQTT (the contract says they are never published) and never sit in a URL the server
 * sees: the phone's link carries its password in the fragment. Nothing here logs a password.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  audienceUsername,
  hostUsername,
  isSeatNumber,
  MAX_SEATS,
  seatUsername,
} from "../../protocol/index.js";
import type { SeatDevices } from "../mqtt/devices.js";
import type { Logger } from "../process/logger.js";
import type { Secrets } from "../process/secrets.js";

export interface PairingApiDeps {
  secrets: Secrets;
  devices: SeatDevices;
  tables: ReadonlySet<string>;
  log: Logger;
  /**
   * Where phones reach the hub (links.ts: `--public-url`, else a LAN address): the console
   * draws its QR codes on it when it is the public URL, or when the console was itself
   * opened on a loopback name (else on the address the console was opened by).
   */
  linkBase: () => { base: string; public: boolean };
}

/** A request handler: resolves true when it answered the request (an `/api/pairing` path). */
export type ApiHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
}

export function pairingApi(deps: PairingApiDeps): ApiHandler {
  const log = deps.log.child({ part: "pairing" });
  const authorized = (req: IncomingMessage, table: string): boolean => {
    const header = req.headers.authorization ?? "";
    const m = /^Bearer (.+)$/.exec(header);
    return !!m && deps.secrets.verify(hostUsername(table), Buffer.from(m[1] as string, "utf8"));
  };

  return async (req, res) => {
    const url = new URL(req.url ?? "/", "http://hub");
    const path = url.pathname;
    if (path !== "/api/pairing" && path !== "/api/pairing/revoke") return false;
    const table = url.searchParams.get("table") ?? "";
    if (!deps.tables.has(table)) {
      json(res, 404, { error: "bad_table" });
      return true;
    }
    if (!authorized(req, table)) {
      log.warn(
        { event: "pairing.refused", table, path },
        "pairing request without the host password",
      );
      json(res, 401, { error: "not_authorized" });
      return true;
    }
    if (path === "/api/pairing" && req.method === "GET") {
      const seats = [];
      for (let seat = 1; seat <= MAX_SEATS; seat++) {
        seats.push({ seat, password: deps.secrets.password(seatUsername(table, seat)) ?? "" });
      }
      // The audience screen shows every role (sport): only the host may hand out its link.
      const audience = deps.secrets.password(audienceUsername(table)) ?? "";
      const { base, public: isPublic } = deps.linkBase();
      json(res, 200, { table, seats, audience, base, public: isPublic });
      return true;
    }
    if (path === "/api/pairing/revoke" && req.method === "POST") {
      const seat = Number(url.searchParams.get("seat"));
      if (!Number.isInteger(seat) || !isSeatNumber(seat)) {
        json(res, 400, { error: "bad_seat" });
        return true;
      }
      const password = await deps.secrets.rotate(seatUsername(table, seat));
      // After the new password is on disk: a closed connection that retries is refused.
      const closed = deps.devices.closeSeat(table, seat);
      log.info({ event: "pairing.revoked", table, seat, closed }, "seat pairing revoked");
      json(res, 200, { table, seat, password, closed });
      return true;
    }
    res.writeHead(405, { allow: path === "/api/pairing" ? "GET" : "POST" }).end();
    return true;
  };
}
