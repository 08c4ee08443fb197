/** Latency samples and their summary. */
export class Latencies {
  readonly samples: number[] = [];

  add(ms: number): void {
    this.samples.push(ms);
  }

  summary(): { n: number; p50: number; p99: number; max: number } {
    const s = [...this.samples].sort((a, b) => a - b);
    const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
    return { n: s.length, p50: at(0.5), p99: at(0.99), max: s[s.length - 1] ?? Number.NaN };
  }
}

export function fmt(ms: number): string {
  return Number.isFinite(ms) ? ms.toFixed(2) : "n/a";
}
