/**
 * A phone, drawn: an emoji needs an emoji font, and without one (a plain Debian or a venue's
 * kiosk) it shows as an empty box. Stroked in the text's colour at the text's size.
 */
import { svg } from "lit";

export const phoneIcon = svg`<svg class="icon" data-icon="phone" viewBox="0 0 16 16" width="1em" height="1em"
  aria-hidden="true" focusable="false" style="vertical-align:-0.125em">
  <rect x="4" y="1" width="8" height="14" rx="1.6" fill="none" stroke="currentColor" stroke-width="1.4" />
  <line x1="7" y1="12.6" x2="9" y2="12.6" stroke="currentColor" stroke-width="1.4" stroke-linecap="round" />
</svg>`;
