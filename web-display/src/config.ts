/**
 * What a page learns from its address: the table (`?table=`, default t1), the language
 * (`?lang=` or the browser's), the hub's MQTT-over-WebSocket URL, and the display key.
 *
 * Pairing: the hub prints `http://HUB:8080/?table=t1#k=PASSWORD`. The fragment never goes
 * to the server in a request; the page stores the key in localStorage (per table) and
 * removes it from the address bar, so it is not on screen either. A key can also be typed
 * once on the unpaired screen. A phone paired to a seat (`/seat/?table=t1&seat=4#k=…`, the
 * QR code of the host console) keeps its seat's password the same way.
 */
import { LANGS, type Lang } from "../../protocol/host.js";
import { DEFAULT_TABLE, isTableId } from "../../protocol/topics.js";

export function tableFromUrl(url: URL = new URL(location.href)): string {
  const table = url.searchParams.get("table");
  return table && isTableId(table) ? table : DEFAULT_TABLE;
}

export function isLang(value: string | null | undefined): value is Lang {
  return value !== null && value !== undefined && (LANGS as readonly string[]).includes(value);
}

/** `?lang=`, else the first browser language we speak, else English. */
export function langFromUrl(
  url: URL = new URL(location.href),
  preferred: readonly string[] = navigator.languages,
): Lang {
  const asked = url.searchParams.get("lang");
  if (isLang(asked)) return asked;
  for (const tag of preferred) {
    const base = tag.toLowerCase().split("-")[0];
    if (isLang(base)) return base;
  }
  return "en";
}

/** Keeps `?lang=` in the address, so that a reload keeps the language. */
export function rememberLang(lang: Lang): void {
  const url = new URL(location.href);
  url.searchParams.set("lang", lang);
  history.replaceState(history.state, "", url);
}

export function mqttUrl(loc: Location = location): string {
  const scheme = loc.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${loc.host}/mqtt`;
}

const keyName = (table: string) => `mafia.display.${table}.key`;

/**
 * Takes `#k=` from the address (then clears it, so it is not on screen or in the history)
 * and keeps it under `storageName`; without one, the key kept there before.
 */
export function pairedKey(storageName: string): string | null {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const given = fragment.get("k");
  if (given) {
    localStorage.setItem(storageName, given);
    const url = new URL(location.href);
    url.hash = "";
    history.replaceState(history.state, "", url);
    return given;
  }
  return localStorage.getItem(storageName);
}

/** The display's key, from `#k=` or stored for this table. */
export function displayKey(table: string): string | null {
  return pairedKey(keyName(table));
}

export function storeDisplayKey(table: string, key: string): void {
  localStorage.setItem(keyName(table), key);
}

export function forgetDisplayKey(table: string): void {
  localStorage.removeItem(keyName(table));
}
