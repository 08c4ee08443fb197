/**
 * The look: a dark room, a green baize oval, gold for whoever has the floor, and type that
 * reads from three metres (sizes in viewport units, so any TV gets the same picture).
 */
import { css } from "lit";

export const theme = css`
  :host {
    --ink: #f5f1e6;
    --ink-dim: #b9b3a4;
    --ink-faint: #7d786c;
    --bg: #0b0d12;
    --panel: #161a22;
    --panel-edge: #2a303c;
    --gold: #f2c14e;
    --red: #e2483d;
    --red-soft: #6e211c;
    --black-team: #1c1c1f;
    --amber: #f09a36;
    --green: #3fc67a;
    --felt: #0f5132;
    --felt-edge: #5b3a1e;
    --night: #05070d;
    --night-ink: #8fa3c7;
    font-family: "DejaVu Sans", "Noto Sans", "Helvetica Neue", Arial, sans-serif;
    color: var(--ink);
    box-sizing: border-box;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
`;
