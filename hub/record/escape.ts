/** Player-supplied text (names, reasons) goes into HTML and SVG only through here. */
export function esc(text: string | number | null | undefined): string {
  return String(text ?? "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** m:ss.t of a clock in ms (negative before the deal). */
export function mmss(ms: number | null): string {
  if (ms === null) return "";
  const sign = ms < 0 ? "−" : "";
  const abs = Math.abs(ms);
  const m = Math.floor(abs / 60_000);
  const s = Math.floor((abs % 60_000) / 1000);
  const tenth = Math.floor((abs % 1000) / 100);
  return `${sign}${m}:${String(s).padStart(2, "0")}.${tenth}`;
}
