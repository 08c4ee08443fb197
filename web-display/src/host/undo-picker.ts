/**
 * The judge's undo, aimed (issue 24): the last inputs the hub says an undo may take back
 * (`host/undoable`, newest first), each in words with its hub time; the judge picks one,
 * gives a reason, and the console sends `undo` naming that record (`undoes`).
 */
import { css, html, nothing } from "lit";
import type { UndoableEntry } from "../../../protocol/undoable.js";
import { TableElement } from "../element.js";
import { theme } from "../styles.js";
import { hostTheme } from "./host-styles.js";
import { describeInput } from "./undo-words.js";
import { clockTime } from "./when.js";

export class HostUndoPicker extends TableElement {
  static override styles = [
    theme,
    hostTheme,
    css`
      ol {
        list-style: none;
        margin: 0;
        padding: 0;
        display: flex;
        flex-direction: column;
        gap: 4px;
        max-height: 360px;
        overflow: auto;
      }
      li {
        display: flex;
        align-items: center;
        gap: 10px;
        padding: 4px 8px;
        border-radius: 6px;
        background: #0f1218;
      }
      li.removal {
        border-left: 4px solid var(--red);
      }
      .at {
        font-variant-numeric: tabular-nums;
        color: var(--ink-dim);
        font-size: 13px;
      }
      .what {
        flex: 1;
      }
      .hint {
        font-size: 13px;
        color: var(--ink-dim);
      }
    `,
  ];

  override render() {
    const snap = this.snapshot;
    const s = snap?.state;
    if (!snap || !s || s.phase === "setup") return nothing;
    const t = this.tr.t;
    return html`<section>
      <h2>${t("undo.title")}</h2>
      <div class="hint">${t("undo.hint")}</div>
      ${
        snap.undoable.length === 0
          ? html`<p class="hint" data-undo-none>${t("undo.none")}</p>`
          : html`<ol>${snap.undoable.map((e) => this.row(e))}</ol>`
      }
    </section>`;
  }

  private words(e: UndoableEntry): string {
    return describeInput(this.tr, this.snapshot?.state?.seats ?? [], e.input, e.removal);
  }

  private row(e: UndoableEntry) {
    return html`<li class=${e.removal ? "removal" : ""} data-undo-n=${e.n}>
      <span class="at">${clockTime(e.at, this.tr.lang)}</span>
      <span class="what">${this.words(e)}</span>
      <button data-undo-pick=${e.n} @click=${() => this.pick(e)}>${this.tr.t("undo.button")}</button>
    </li>`;
  }

  /** The reason is the judge's own note, journaled with the undo. */
  private pick(e: UndoableEntry): void {
    const reason = prompt(this.tr.t("undo.reason", { what: this.words(e) }))?.trim();
    if (!reason) return;
    this.emit("host-command", { cmd: "undo", reason: reason.slice(0, 200), undoes: e.n });
  }
}

customElements.define("host-undo-picker", HostUndoPicker);
