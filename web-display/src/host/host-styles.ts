/** The console's look: a working tool for a tablet or laptop, not a TV. */
import { css } from "lit";

export const hostTheme = css`
  :host {
    font-size: 16px;
  }
  h2 {
    font-size: 15px;
    text-transform: uppercase;
    letter-spacing: 0.1em;
    color: var(--ink-dim);
    margin: 0 0 10px;
  }
  section {
    background: var(--panel);
    border: 1px solid var(--panel-edge);
    border-radius: 10px;
    padding: 14px 16px;
  }
  button,
  input,
  select,
  textarea {
    font: inherit;
    font-size: 15px;
    color: var(--ink);
    background: #0f1218;
    border: 1px solid var(--panel-edge);
    border-radius: 6px;
    padding: 6px 10px;
  }
  button {
    cursor: pointer;
    font-weight: 700;
    background: #232a36;
  }
  button:hover {
    border-color: var(--gold);
  }
  button.primary {
    background: var(--gold);
    color: #141000;
    border-color: var(--gold);
  }
  button.danger {
    background: var(--red-soft);
    border-color: var(--red);
  }
  button:disabled {
    opacity: 0.4;
    cursor: default;
  }
  table {
    border-collapse: collapse;
    width: 100%;
  }
  th,
  td {
    text-align: left;
    padding: 5px 6px;
    border-bottom: 1px solid var(--panel-edge);
    vertical-align: middle;
  }
  th {
    font-size: 13px;
    color: var(--ink-dim);
    font-weight: 600;
  }
`;
