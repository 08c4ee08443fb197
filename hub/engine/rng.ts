/**
 * sfc32, a small fast generator whose whole state is four 32-bit words kept in the game
 * state, so that a journal replays to the same deal. Seeded from 128 bits of the hub's
 * cryptographic randomness (GameConfig.seed).
 */
export type RngState = [number, number, number, number];

export function seedRng(seedHex: string): RngState {
  if (!/^[0-9a-f]{32}$/.test(seedHex)) throw new Error("seed must be 32 lowercase hex characters");
  const s: RngState = [0, 0, 0, 0];
  for (let i = 0; i < 4; i++) s[i] = Number.parseInt(seedHex.slice(i * 8, i * 8 + 8), 16) >>> 0;
  // Warm up: the first outputs of sfc32 correlate with the seed words.
  for (let i = 0; i < 12; i++) nextUint32(s);
  return s;
}

export function nextUint32(s: RngState): number {
  const a = s[0];
  const b = s[1];
  const c = s[2];
  const d = s[3];
  const t = (((a + b) | 0) + d) | 0;
  s[3] = (d + 1) | 0;
  s[0] = b ^ (b >>> 9);
  s[1] = (c + (c << 3)) | 0;
  s[2] = (((c << 21) | (c >>> 11)) + t) | 0;
  return t >>> 0;
}

/** An unbiased integer in [0, n), by rejection sampling. */
export function nextInt(s: RngState, n: number): number {
  if (n <= 0 || n > 2 ** 32) throw new Error("range out of bounds");
  const limit = 2 ** 32 - (2 ** 32 % n);
  for (;;) {
    const x = nextUint32(s);
    if (x < limit) return x % n;
  }
}

export function shuffleInPlace<T>(s: RngState, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = nextInt(s, i + 1);
    const tmp = items[i] as T;
    items[i] = items[j] as T;
    items[j] = tmp;
  }
  return items;
}

export function nextHex(s: RngState, bytes: number): string {
  let out = "";
  for (let i = 0; i < bytes; i += 4) out += nextUint32(s).toString(16).padStart(8, "0");
  return out.slice(0, bytes * 2);
}
