/**
 * Pairing links for the screens: the display's and the audience screen's links carry their
 * keys in the URL fragment (browsers never send it to the server), the host console's link
 * none (it asks for the host password). The key is a secret like the passwords in secrets.json, so it never goes
 * into a log line (issue 10): logs say where to find the links. People at a terminal get
 * the links as plain lines with a QR code to scan; a pipe gets them only with
 * `--print-pairing`.
 */
import type { Secrets } from "../process/secrets.js";

/**
 * What the links are made of: the hub's tables and their passwords. A shape, not the hub
 * (hub/server.ts, which composes this room and which no room imports), so a running hub is one.
 */
export interface PairingSource {
  readonly tables: { keys(): Iterable<string> };
  readonly secrets: Pick<Secrets, "password">;
}

export interface PairingLink {
  table: string;
  display: string;
  host: string;
  /** The audience screen (every role in sport): for the hall or a stream, never the table. */
  audience: string;
}

export function pairingLinks(hub: PairingSource, origin: string): PairingLink[] {
  return [...hub.tables.keys()].map((table) => {
    const key = encodeURIComponent(hub.secrets.password(`display/${table}`) ?? "");
    const audienceKey = encodeURIComponent(hub.secrets.password(`audience/${table}`) ?? "");
    return {
      table,
      display: `${origin}/?table=${table}#k=${key}`,
      host: `${origin}/host/?table=${table}`,
      audience: `${origin}/audience/?table=${table}#k=${audienceKey}`,
    };
  });
}

/**
 * Plain lines with a terminal QR code under each link, for a person at the terminal; the
 * hub's other addresses (`others`, base URLs) in one line at the end, for a device on
 * another network of the machine.
 */
export async function pairingText(links: PairingLink[], others: string[] = []): Promise<string> {
  const QRCode = (await import("qrcode")).default; // only for a person at a terminal
  const parts: string[] = [];
  for (const l of links) {
    for (const [what, url] of [
      [`display of table ${l.table} (open on the table's screen)`, l.display],
      [`host console of table ${l.table} (asks for the host password)`, l.host],
      [`audience screen of table ${l.table} (every role: for the hall or a stream)`, l.audience],
    ] as const) {
      parts.push(`${what}:\n  ${url}\n`);
      parts.push(await QRCode.toString(url, { type: "terminal", small: true }));
    }
  }
  if (others.length > 0)
    parts.push(
      `the same links also work on ${others.join(", ")} (another network of this machine)\n`,
    );
  return parts.join("\n");
}
