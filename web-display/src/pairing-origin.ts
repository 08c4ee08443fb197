/**
 * The origin a pairing link or QR code sends a phone or a screen to. The hub's
 * `--public-url` when it has one (the pairing API says `public`); else this console's own
 * origin, unless that is a loopback name no other device can reach: then the LAN address
 * the pairing API names as `base` (hub/web/links.ts).
 */
export const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];

export interface PairingBase {
  base?: string;
  public?: boolean;
}

export function pairingOrigin(
  own: { origin: string; hostname: string },
  api: PairingBase | null,
): string {
  if (api?.base && (api.public || LOOPBACK_NAMES.includes(own.hostname))) return api.base;
  return own.origin;
}
