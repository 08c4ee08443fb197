/**
 * The audience screen's two looks on top of the big screens' frame (screen-frame.ts): the
 * full screen (the display's layout, with every role on the seats and the night beside
 * them) and the overlay (`:host([overlay])`), which paints no background at all so that
 * streaming software keys nothing out.
 */
import { css } from "lit";

export const audienceStyles = css`
  :host([overlay]) {
    background: transparent;
  }
  .brand {
    font-size: 2.8vh;
    letter-spacing: 0.2em;
  }
  header .title {
    flex: 1;
    min-width: 0;
    font-size: 4.6vh;
    font-weight: 800;
    overflow-wrap: anywhere;
  }
  aside {
    display: flex;
    flex-direction: column;
    gap: 2.4vh;
    overflow: hidden;
  }
  aside mafia-side-panel {
    flex: 1;
    min-height: 0;
  }
  .none {
    font-size: 2.4vh;
    color: var(--ink-faint);
    margin: 0;
  }
  .night {
    text-align: center;
    color: var(--night-ink);
  }
  .night-title {
    font-size: 7vh;
    font-weight: 900;
    color: #dfe6f5;
  }
  .night-line {
    font-size: 3.6vh;
    font-weight: 600;
    margin-bottom: 2vh;
  }
  mafia-countdown {
    --ring-size: 13vh;
    --ring-color: #5a74a8;
  }
  .box {
    position: absolute;
    top: 3vh;
    left: 3vh;
    max-width: 40vw;
    padding: 1.5vh 2vh;
    border-radius: 1.5vh;
    background: rgba(11, 13, 18, 0.82);
  }
  .box .title {
    font-size: 3.6vh;
    font-weight: 800;
    margin-bottom: 1vh;
  }
  .box .winner {
    font-size: 3.2vh;
    font-weight: 800;
    color: var(--gold);
    margin-bottom: 1vh;
  }
  .strip {
    position: absolute;
    left: 2vh;
    right: 2vh;
    bottom: 3vh;
  }
`;
