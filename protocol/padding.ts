/**
 * Silent nights on the wire: seat views and signals are padded to fixed sizes with a `pad`
 * field that receivers ignore, so that neither a view's size (its role, its results) nor a
 * signal's (a check's yes or no) can be read off the traffic.
 */
export const SEAT_VIEW_BUCKET = 1024;
export const SIGNAL_BUCKET = 64;

/** JSON of `message` plus a `pad` of spaces, to the next multiple of `bucket` bytes. */
export function padded(message: Record<string, unknown>, bucket: number): string {
  const bare = JSON.stringify({ ...message, pad: "" });
  const size = Buffer.byteLength(bare);
  const target = Math.ceil(size / bucket) * bucket;
  return JSON.stringify({ ...message, pad: " ".repeat(target - size) });
}
