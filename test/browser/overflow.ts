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
  return page.evaluate(() => {
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
  });
}
