/**
 * Times on the console. The hub stamps every input with its own clock (epoch ms), so an
 * edge or a foul is shown as the hub's wall-clock time with tenths: precise enough to settle
 * whether a thumb moved inside a counting window.
 */
import type { Lang } from "../../../protocol/host.js";

const formats = new Map<Lang, Intl.DateTimeFormat>();

/** "14:03:07.4" in the console's language (24-hour everywhere: it is a judge's log). */
export function clockTime(at: number, lang: Lang): string {
  let f = formats.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(lang, {
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      fractionalSecondDigits: 1,
      hourCycle: "h23",
    });
    formats.set(lang, f);
  }
  return f.format(new Date(at));
}

const signed = new Map<Lang, Intl.NumberFormat>();

/** Seconds from `from` to `at`, signed, one decimal: "+1.3" inside a window, "−0.4" before it. */
export function secondsAfter(at: number, from: number, lang: Lang): string {
  let f = signed.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(lang, {
      signDisplay: "always",
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
    signed.set(lang, f);
  }
  return f.format((at - from) / 1000);
}

/**
 * An edge's time in a counting window, in one form for every edge: seconds from the
 * window's opening, "+1.3" inside it and "−0.4" before it (an edge before the opening once
 * showed the clock instead, beside "+s" for the rest). With no window open, the clock.
 */
export function edgeTime(
  at: number,
  opened: number | null,
  lang: Lang,
): { form: "window"; text: string } | { form: "clock"; text: string } {
  if (opened === null) return { form: "clock", text: clockTime(at, lang) };
  return { form: "window", text: secondsAfter(at, opened, lang) };
}
