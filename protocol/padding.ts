/**
 * Silent nights and secret authors on the wire: what a seat sends and receives is padded to
 * fixed sizes with a `pad` field (spaces) that receivers ignore, so that neither a view's
 * size (its role, its results), a signal's (a check's yes or no), nor an input's (an ad's
 * length, which the paper makes public) can be read off the traffic, TLS or not.
 *
 * The paddle's firmware bundles this file (ES2015, no Node): no Buffer, no spread.
 */
export const SEAT_VIEW_BUCKET = 1024;
export const SIGNAL_BUCKET = 64;
/** A seat's inputs other than text (act, pass, sensors, hello): multiples of this. */
export const INPUT_BUCKET = 256;
/**
 * Every text input (will, ad, pseudonym, death message) is this size: the largest legal one
 * (a will of 1000 four-byte characters to 20 seats, about 4.1 KB) fits, so an ad, a will and a
 * death message all look alike, whatever their length (docs/PROTOCOL.md, "Padding").
 */
export const TEXT_INPUT_BUCKET = 4608;
/** A seat's own texts (`seat/{n}/text`): it changes when the seat places an ad. */
export const SEAT_TEXT_BUCKET = 16384;

/** UTF-8 length of a string (what Buffer.byteLength gives, without Node). */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

function spaces(count: number): string {
  let s = "";
  let chunk = " ";
  // Doubling: a text input's pad is thousands of spaces, built in a dozen steps.
  for (let k = count; k > 0; k = Math.floor(k / 2)) {
    if (k % 2 === 1) s += chunk;
    chunk += chunk;
  }
  return s;
}

/**
 * A JSON object already serialized (so it is serialized once) plus a `pad` field of
 * spaces, last, to the next multiple of `bucket` bytes.
 */
export function padJson(json: string, bucket: number): string {
  const open = json === "{}" ? '{"pad":"' : `${json.slice(0, -1)},"pad":"`;
  const size = utf8Length(open) + 2;
  const target = Math.ceil(size / bucket) * bucket;
  return `${open}${spaces(target - size)}"}`;
}

/** The same for an object not yet serialized. */
export function padded(message: Record<string, unknown>, bucket: number): string {
  return padJson(JSON.stringify(message), bucket);
}

/** A seat's input as it goes on the wire: text to TEXT_INPUT_BUCKET, the rest to INPUT_BUCKET. */
export function padInput(json: string, text: boolean): string {
  return padJson(json, text ? TEXT_INPUT_BUCKET : INPUT_BUCKET);
}
