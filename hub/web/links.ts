/**
 * Where people reach the hub: the base URLs that printed links, QR codes and the pairing
 * API put in front of a path. `localhost` only works on the hub's own machine, so a TV, a
 * tablet or a phone needs one of the machine's LAN addresses, or `--public-url` when a
 * proxy or a DNS name stands in front of the hub (that one wins: it is what the operator
 * said). Addresses are read each time: DHCP may change them while the hub runs.
 */
import { type NetworkInterfaceInfo, networkInterfaces } from "node:os";

export type Interfaces = NodeJS.Dict<NetworkInterfaceInfo[]>;

/**
 * The machine's addresses another device may reach: IPv4 first (every phone speaks it, and
 * it is short to type), then global IPv6; never loopback, never link-local (fe80::, which
 * needs a zone id no URL can carry from another device; 169.254/16, which no DHCP gave).
 */
export function lanAddresses(interfaces: Interfaces = networkInterfaces()): string[] {
  const v4: string[] = [];
  const v6: string[] = [];
  for (const list of Object.values(interfaces)) {
    for (const a of list ?? []) {
      if (a.internal) continue;
      if (a.family === "IPv4") {
        if (!a.address.startsWith("169.254.")) v4.push(a.address);
      } else if (!/^fe[89ab]/i.test(a.address)) {
        v6.push(`[${a.address.toLowerCase()}]`);
      }
    }
  }
  return [...new Set([...v4, ...v6])];
}

const WILDCARDS = new Set(["0.0.0.0", "::", "[::]"]);

/**
 * The bases to print, best first: the public URL alone when given; else the one address
 * the hub listens on, if it was told one; else one per LAN address; else (a machine with
 * no network) `localhost`, which then is all there is.
 */
export function linkBases(o: {
  scheme: "http" | "https";
  port: number;
  publicUrl: URL | null;
  /** The interface the hub listens on (HubOptions.host); none or a wildcard: all. */
  listenHost?: string;
  interfaces?: Interfaces;
}): string[] {
  if (o.publicUrl) return [o.publicUrl.origin];
  if (o.listenHost !== undefined && !WILDCARDS.has(o.listenHost)) {
    const host = o.listenHost.includes(":") ? `[${o.listenHost}]` : o.listenHost;
    return [`${o.scheme}://${host}:${o.port}`];
  }
  const hosts = lanAddresses(o.interfaces);
  if (hosts.length === 0) return [`${o.scheme}://localhost:${o.port}`];
  return hosts.map((h) => `${o.scheme}://${h}:${o.port}`);
}
