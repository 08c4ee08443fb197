/**
 * The hub on the local network by name (mDNS / DNS-SD, RFC 6762/6763): a TV, a tablet or a
 * phone app that browses finds `_mqtt._tcp` (paddles) and `_http._tcp` (the screens; with
 * `--tls` `_https._tcp`, and `_secure-mqtt._tcp` for MQTT over TLS) at `HOST.local`.
 * bonjour-service does the probing, the answers and the goodbye (TTL 0) at stop. The TXT
 * records carry nothing secret: the table ids, and the display's path.
 *
 * An mDNS failure (port 5353 refused, no multicast) costs the names, never the hub: it is
 * logged as a warning and the hub keeps serving by address.
 */
import { hostname, networkInterfaces } from "node:os";
import Bonjour from "bonjour-service";
import type { Logger } from "../process/logger.js";

export interface MdnsOptions {
  mqttPort: number;
  httpPort: number;
  /** MQTT over TLS, with `--tls`. */
  mqttsPort: number | null;
  tls: boolean;
  tables: readonly string[];
  log: Logger;
  /** The machine's name; default os.hostname(). */
  machine?: string;
}

export interface MdnsAdvert {
  /** `NAME.local`, the name the services point at. */
  host: string;
  /** The DNS-SD instance name shared by every service of this hub. */
  name: string;
  stop(): Promise<void>;
}

/** `NAME.local` for a machine name: its first label, in the characters a host name allows. */
export function localHostName(machine: string): string {
  const label = (machine.split(".")[0] ?? "")
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, "-")
    .replace(/^-+|-+$/g, "");
  return `${label || "mafia-hub"}.local`;
}

/** ` ab12`: the last two bytes of the first LAN interface's MAC, or nothing. */
function machineTag(): string {
  for (const list of Object.values(networkInterfaces()))
    for (const a of list ?? [])
      if (!a.internal && a.mac !== "00:00:00:00:00:00")
        return ` ${a.mac.slice(-5).replace(":", "")}`;
  return "";
}

export function advertise(o: MdnsOptions): MdnsAdvert {
  const log = o.log.child({ part: "mdns" });
  const host = localHostName(o.machine ?? hostname());
  // Two hubs on one machine differ by port; two machines of one name (two Raspberry Pis
  // as they come) by a network card's address. A name already taken would make
  // bonjour-service give the service up and print to stdout, which carries the ready line.
  const name = `Mafia hub ${host.replace(/\.local$/, "")} ${o.httpPort}${machineTag()}`;
  const bonjour = new Bonjour.Bonjour(undefined, (err: Error) =>
    log.warn(
      { event: "mdns.failed", err: err.message },
      "mDNS off: the hub is reachable by address only",
    ),
  );
  const tables = o.tables.join(",");
  const services = [
    bonjour.publish({ name, host, type: "mqtt", port: o.mqttPort, txt: { tables } }),
    bonjour.publish({
      name,
      host,
      type: o.tls ? "https" : "http",
      port: o.httpPort,
      txt: { path: "/", tables },
    }),
  ];
  if (o.mqttsPort !== null)
    services.push(
      bonjour.publish({ name, host, type: "secure-mqtt", port: o.mqttsPort, txt: { tables } }),
    );
  for (const s of services)
    s.on("up", () =>
      log.info({ event: "mdns.up", service: s.type, host, port: s.port }, "advertised on mDNS"),
    );
  return {
    host,
    name,
    stop: () =>
      new Promise((resolve) => {
        // A send that never calls back (the network went away) must not hold the stop.
        const late = setTimeout(resolve, 2000);
        late.unref();
        // The goodbye (TTL 0) first, so browsers drop the hub at once, then the socket.
        bonjour.unpublishAll(() =>
          bonjour.destroy(() => {
            clearTimeout(late);
            resolve();
          }),
        );
      }),
  };
}
