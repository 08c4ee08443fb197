/**
 * Text that does not fit its box, found in the page as the browser laid it out: for every
 * text node (shadow roots included) the nearest box that holds it (not `display: inline`)
 * is checked for content wider or taller than the box (`scrollWidth > clientWidth`, the
 * same for heights), which is what an ellipsis, a clipped badge or text running out of its
 * chip looks like. A box the user can scroll in that direction is not overflowing. A box
 * cut by an ancestor that clips (`overflow: hidden`, or the window of a page that does not
 * scroll) counts as well when part of it shows: half a line is cut text. A box wholly
 * outside (older log lines below a panel's edge) is left out on purpose.
 */
import type { Page } from "playwright-core";

export interface Overflow {
  /** The box: tag, classes and the chain of shadow hosts above it. */
  where: string;
  text: string;
  /** "x 180>140" : content size > box size, in CSS pixels. */
  how: string;
}

export function overflows(page: Page): Promise<Overflow[]> {
  return page.evaluate(findOverflows);
}

/** `overflows`, run in the page itself (self-contained: its source is sent to the page). */
export function findOverflows(): Overflow[] {
  const found: Overflow[] = [];
  const seen = new Set<Element>();
  const SKIP = new Set(["SCRIPT", "STYLE", "TITLE", "TEMPLATE", "NOSCRIPT"]);
  const name = (el: Element) =>
    el.tagName.toLowerCase() + [...el.classList].map((c) => `.${c}`).join("");
  const path = (el: Element) => {
    const hosts: string[] = [];
    for (let root = el.getRootNode(); root instanceof ShadowRoot; root = root.host.getRootNode())
      hosts.unshift(name(root.host));
    return [...hosts, name(el)].join(" > ");
  };
  const parentOf = (el: Element): Element | null =>
    el.parentElement ?? ((el.getRootNode() as ShadowRoot).host || null);
  /** The nearest ancestor that clips, and its visible rectangle (the window's for a fixed page). */
  const clipOf = (el: Element): { el: string; r: DOMRect } | null => {
    for (let e = parentOf(el); e; e = parentOf(e)) {
      const st = getComputedStyle(e);
      if (e === document.documentElement || e === document.body) break;
      if (["hidden", "clip"].includes(st.overflowX) || ["hidden", "clip"].includes(st.overflowY))
        return { el: name(e), r: e.getBoundingClientRect() };
    }
    const doc = getComputedStyle(document.body).overflowY;
    return doc === "hidden" || doc === "clip"
      ? { el: "window", r: new DOMRect(0, 0, innerWidth, innerHeight) }
      : null;
  };
  const boxOf = (el: Element | null): Element | null => {
    for (let e = el; e; e = e.parentElement) {
      const display = getComputedStyle(e).display;
      if (display !== "inline" && display !== "contents") return e;
    }
    return null;
  };
  const check = (box: Element, text: string) => {
    if (seen.has(box)) return;
    seen.add(box);
    const st = getComputedStyle(box);
    if (st.visibility === "hidden" || box.clientWidth === 0 || box.clientHeight === 0) return;
    const scrolls = (v: string) => v === "auto" || v === "scroll";
    const x = box.scrollWidth - box.clientWidth;
    const y = box.scrollHeight - box.clientHeight;
    // Glyphs of a tight line-height (1) reach a few pixels past a box that does not clip:
    // vertically, a visible box counts only from a fifth of its font size on.
    const clipsY = st.overflowY === "hidden" || st.overflowY === "clip";
    const slackY = clipsY ? 1 : Math.max(1, 0.2 * Number.parseFloat(st.fontSize));
    if (x > 1 && !scrolls(st.overflowX))
      found.push({ where: path(box), text, how: `x ${box.scrollWidth}>${box.clientWidth}` });
    else if (y > slackY && !scrolls(st.overflowY))
      found.push({ where: path(box), text, how: `y ${box.scrollHeight}>${box.clientHeight}` });
    else {
      const clip = clipOf(box);
      const b = box.getBoundingClientRect();
      if (!clip || b.width === 0 || b.height === 0) return;
      const c = clip.r;
      const shows = b.right > c.left && b.left < c.right && b.bottom > c.top && b.top < c.bottom;
      const inside =
        b.left >= c.left - 1 &&
        b.right <= c.right + 1 &&
        b.top >= c.top - 1 &&
        b.bottom <= c.bottom + 1;
      if (shows && !inside) found.push({ where: path(box), text, how: `cut by ${clip.el}` });
    }
  };
  const walk = (root: Document | ShadowRoot) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = (n.textContent ?? "").trim();
      const parent = n.parentElement;
      if (!text || !parent || SKIP.has(parent.tagName) || parent.closest("head")) continue;
      const box = boxOf(parent);
      if (box) check(box, text.slice(0, 60));
    }
    for (const el of root.querySelectorAll("*")) if (el.shadowRoot) walk(el.shadowRoot);
  };
  walk(document);
  return found;
}

/**
 * Seat chips that overlap each other or something else on the screen, or leave the window:
 * every `mafia-seat` chip (its number tag and vote tag included) against every other, and
 * against the header, the side column, published texts, the overlay's corner box and
 * whatever the ring holds in its middle. Rectangles as drawn (a speaker's chip grown).
 */
export function overlaps(page: Page): Promise<string[]> {
  return page.evaluate(findOverlaps);
}

/** `overlaps`, run in the page itself (self-contained: its source is sent to the page). */
export function findOverlaps(): string[] {
  const deep = (root: Document | ShadowRoot, sel: string, out: Element[] = []): Element[] => {
    out.push(...root.querySelectorAll(sel));
    for (const el of root.querySelectorAll("*")) if (el.shadowRoot) deep(el.shadowRoot, sel, out);
    return out;
  };
  type Box = { what: string; r: DOMRect };
  const chips: Box[] = [];
  for (const host of deep(document, "mafia-seat")) {
    const chip = host.shadowRoot?.querySelector(".chip");
    if (!chip) continue;
    const what = `seat ${chip.getAttribute("data-seat")}`;
    for (const el of [chip, ...chip.querySelectorAll(".nom, .voted")])
      chips.push({ what, r: el.getBoundingClientRect() });
  }
  const others: Box[] = [];
  // A header counts where it says something (the night's is an empty strip but for the
  // language switch, which counts on its own).
  for (const el of deep(document, "header, aside, .night-texts, .box, .last, mafia-lang-switch"))
    if (el.tagName !== "HEADER" || el.textContent?.trim())
      others.push({ what: el.tagName.toLowerCase(), r: el.getBoundingClientRect() });
  // The ring's middle as drawn: its texts' own extents and its pictures (a block of one
  // short line is as wide as the middle, a chip may well stand beside the line).
  const drawn = (el: Element) => {
    const roots: (Element | ShadowRoot)[] = [el];
    for (let i = 0; i < roots.length; i++) {
      const root = roots[i] as Element | ShadowRoot;
      for (const e of root.querySelectorAll("*")) if (e.shadowRoot) roots.push(e.shadowRoot);
      if (root instanceof Element && root.shadowRoot) roots.push(root.shadowRoot);
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!n.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        others.push({
          what: `middle "${n.textContent.trim().slice(0, 30)}"`,
          r: range.getBoundingClientRect(),
        });
      }
      for (const svg of root.querySelectorAll("svg"))
        others.push({ what: "middle picture", r: svg.getBoundingClientRect() });
    }
  };
  for (const ring of deep(document, "mafia-seat-ring"))
    for (const el of ring.shadowRoot?.querySelector("slot")?.assignedElements() ?? []) drawn(el);
  const cross = (a: DOMRect, b: DOMRect) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const found: string[] = [];
  const r = (b: DOMRect) =>
    `${Math.round(b.left)},${Math.round(b.top)} ${Math.round(b.width)}x${Math.round(b.height)}`;
  chips.forEach((a, i) => {
    if (a.r.width === 0) return;
    if (a.r.left < -1 || a.r.top < -1 || a.r.right > innerWidth + 1 || a.r.bottom > innerHeight + 1)
      found.push(`${a.what} leaves the window (${r(a.r)})`);
    for (const b of chips.slice(i + 1))
      if (b.what !== a.what && cross(a.r, b.r))
        found.push(`${a.what} overlaps ${b.what} (${r(a.r)} / ${r(b.r)})`);
    for (const b of others)
      if (cross(a.r, b.r)) found.push(`${a.what} overlaps ${b.what} (${r(a.r)} / ${r(b.r)})`);
  });
  return found;
}
