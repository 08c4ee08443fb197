/**
 * Silent nights on the wire: seat views and signals are padded to fixed sizes with a `pad`
 * field that receivers ignore, so that neither a view's size (its role, its results) nor a
 * signal's (a check's yes or no) can be read off the traffic.
 */
export const SEAT_VIEW_BUCKET = 1024;
export const SIGNAL_BUCKET = 64;

/** JSON of `message` plus a `pad` of spaces, to the next multiple of `bucket` bytes. */
export function padded(message: Record<string, unknown>, bucket: number): string {
  return padJson(JSON.stringify(message), bucket);
}

/**
 * The same for a JSON object already serialized (so it is serialized once): the `pad`
 * field goes last, exactly as `padded` would put it.
 */
export function padJson(json: string, bucket: number): string {
  const open = json === "{}" ? '{"pad":"' : `${json.slice(0, -1)},"pad":"`;
  const size = Buffer.byteLength(open) + 2;
  const target = Math.ceil(size / bucket) * bucket;
  return `${open}${" ".repeat(target - size)}"}`;
}
