/**
 * The frame the table's big screens share (the display and the audience screen): a dark
 * full-window page, a header bar with the brand and the pause badge, the oval on the left
 * and a column beside it.
 */
import { css } from "lit";

export const screenFrame = css`
  :host {
    display: block;
    position: fixed;
    inset: 0;
    background: radial-gradient(ellipse at 50% 30%, #1b1f2a 0%, var(--bg) 70%);
    overflow: hidden;
  }
  header {
    position: absolute;
    top: 0;
    left: 0;
    right: 0;
    height: 11vh;
    display: flex;
    align-items: center;
    gap: 3vh;
    padding: 0 3.5vh;
    border-bottom: 0.3vh solid var(--panel-edge);
    background: rgba(0, 0, 0, 0.35);
  }
  .brand {
    font-size: 3.2vh;
    font-weight: 900;
    letter-spacing: 0.3em;
    text-transform: uppercase;
    color: var(--gold);
  }
  .paused {
    font-size: 3vh;
    font-weight: 800;
    padding: 0.6vh 1.6vh;
    border-radius: 1vh;
    background: var(--amber);
    color: #1a1200;
    text-transform: uppercase;
  }
  /* 3vh below: the "for 3" tag hangs under a seat at the ring's bottom (seat-chip.ts). */
  .oval {
    position: absolute;
    top: 12vh;
    bottom: 3vh;
    left: 1vw;
    right: 31vw;
  }
  aside {
    position: absolute;
    top: 14vh;
    bottom: 3vh;
    right: 2.5vw;
    width: 27vw;
  }
`;
