/**
 * What the hub's web side tells browsers about itself (issue 28): the security headers every
 * HTTP answer carries, and which page origins may open MQTT over WebSocket.
 *
 * Headers: no page of the hub may be framed by another site (a framed host console or seat
 * page can be clicked through by an invisible overlay), no answer is sniffed into another
 * type, no address leaks in a Referer, and a page runs only the hub's own scripts.
 *
 * Origins: MQTT over WebSocket carries its password inside CONNECT, so no ambient
 * credential rides along; still, a page of another site (or a name rebound to the hub's
 * address) must not get a socket to the broker to guess passwords or exhaust limits. A
 * request without `Origin` is not a browser page (paddles, mqtt.js in Node) and stays
 * allowed; a browser always sends one on a WebSocket handshake.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { hostname, networkInterfaces } from "node:os";

/**
 * The pages of the built display (display, console, seat, audience). Styles may be inline:
 * the built pages carry a `<style>` and Lit binds `style` attributes, and a style runs no
 * code. Scripts come from the hub only. `connect-src 'self'` covers `ws:`/`wss:` to the
 * same host and port (CSP Level 3), the MQTT socket and the console's `fetch`es. QR codes
 * are `data:` images; the console's record opens as a `blob:`.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  // mqtt.js keeps its timers in a worker made from a blob (worker-timers), so that a tab in
  // the background still sends its keep-alives.
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * The record's HTML and SVG: self-contained documents with one inline stylesheet and
 * inline pictures; they load nothing and run nothing.
 */
export const RECORD_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** Set on every answer before any route writes its head; a route may narrow the CSP. */
export function setSecurityHeaders(res: ServerResponse): void {
  res.setHeader("content-security-policy", PAGE_CSP);
  // For browsers without frame-ancestors; both say the same.
  res.setHeader("x-frame-options", "DENY");
  res.setHeader("x-content-type-options", "nosniff");
  // The pages carry a table id in their query and a key in their fragment: tell no one.
  res.setHeader("referrer-policy", "no-referrer");
}

/** `--public-url`: the address people use for the hub (a proxy, a DNS name); its origin. */
export function parsePublicUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`--public-url ${JSON.stringify(value)}: not a URL (e.g. https://mafia.club)`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error(`--public-url ${JSON.stringify(value)}: http:// or https:// only`);
  if (url.username || url.password || url.search || url.hash)
    throw new Error(
      `--public-url ${JSON.stringify(value)}: no user, password, query or fragment in it`,
    );
  if (url.pathname !== "/")
    throw new Error(`--public-url ${JSON.stringify(value)}: the hub is served at / (no path)`);
  return url;
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

function defaultPort(protocol: string): number {
  return protocol === "https:" ? 443 : 80;
}

/** The names this machine answers to on the LAN: its interfaces' addresses and host name. */
function machineNames(): Set<string> {
  const names = new Set<string>();
  const own = hostname().toLowerCase();
  names.add(own);
  names.add(`${own}.local`);
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) {
      // Link-local IPv6 needs a zone id, which an Origin cannot carry.
      if (a.family === "IPv6" && a.address.toLowerCase().startsWith("fe80:")) continue;
      names.add(a.family === "IPv6" ? `[${a.address.toLowerCase()}]` : a.address);
    }
  }
  return names;
}

export type OriginVerdict = { ok: true } | { ok: false; why: string };

/**
 * Which browser origins may open `/mqtt`: the hub's own scheme and port on a loopback name,
 * on one of the machine's addresses or its host name (read at each handshake: an address
 * may change under DHCP), and the origin of `--public-url`.
 */
export function originPolicy(o: {
  /** The port the HTTP server listens on; known after listening. */
  port: () => number;
  tls: boolean;
  publicUrl?: URL | null;
}): (req: IncomingMessage) => OriginVerdict {
  const ownScheme = o.tls ? "https:" : "http:";
  return (req) => {
    const origin = req.headers.origin;
    if (origin === undefined) return { ok: true };
    if (o.publicUrl && origin === o.publicUrl.origin) return { ok: true };
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return { ok: false, why: "not an origin" };
    }
    // `null` (a sandboxed frame, a file:) parses to an opaque origin and is refused here.
    if (url.origin !== origin || url.protocol !== ownScheme)
      return { ok: false, why: "not this hub's origin" };
    const port = Number(url.port) || defaultPort(url.protocol);
    if (port !== o.port()) return { ok: false, why: "not this hub's port" };
    const host = url.hostname.toLowerCase();
    if (LOOPBACK.has(host) || machineNames().has(host)) return { ok: true };
    return { ok: false, why: "not this hub's name or address" };
  };
}
