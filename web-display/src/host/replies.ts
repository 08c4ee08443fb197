/** Every command the console sent, newest first, with the hub's answer in words. */
import { css, html, nothing } from "lit";
import { undoableEntrySchema } from "../../../protocol/undoable.js";
import type { CommandRecord } from "../connection.js";
import { TableElement } from "../element.js";
import { errorText, seatRef } from "../i18n/index.js";
import { theme } from "../styles.js";
import { hostTheme } from "./host-styles.js";
import { describeInput } from "./undo-words.js";

export class HostReplies extends TableElement {
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
        gap: 6px;
        max-height: 320px;
        overflow: auto;
      }
      li {
        padding: 6px 10px;
        border-radius: 6px;
        background: #0f1218;
        border-left: 4px solid var(--panel-edge);
      }
      li.ok {
        border-left-color: var(--green);
      }
      li.err {
        border-left-color: var(--red);
      }
      .what {
        font-weight: 700;
      }
      .why {
        color: #ff8a80;
      }
      .detail {
        font-size: 13px;
        color: var(--ink-dim);
      }
    `,
  ];

  override render() {
    const snap = this.snapshot;
    if (!snap) return nothing;
    return html`<section>
      <h2>${this.tr.t("host.replies")}</h2>
      <ol>${snap.commands.map((c) => this.item(c))}</ol>
    </section>`;
  }

  private label(c: CommandRecord): string {
    const seats = this.snapshot?.state?.seats ?? [];
    const body = c.body;
    // Every command with a seat names it (the forum's warn and sport's best move too).
    if ("seat" in body && typeof body.seat === "number") {
      return this.tr.t(`cmd.${body.cmd}`, { seat: seatRef(this.tr, seats, body.seat) });
    }
    return this.tr.t(`cmd.${body.cmd}`);
  }

  private item(c: CommandRecord) {
    const t = this.tr.t;
    const r = c.reply;
    const state = r === null ? "wait" : r.ok ? "ok" : "err";
    return html`<li class=${state} data-reply=${state} data-cmd=${c.body.cmd}>
      <span class="what">${this.label(c)}</span> —
      ${
        r === null
          ? t("host.waitingReply")
          : r.ok
            ? html`${this.undone(c) ?? t("host.ok")}${r.warnings?.length ? html`<div class="detail">${r.warnings.join("; ")}</div>` : nothing}`
            : html`<span class="why" data-error=${r.error}>${errorText(this.tr, r.error, r.message)}</span>
                <div class="detail">${r.message}</div>`
      }
    </li>`;
  }

  /** After an undo: what it took back, in the words the picker showed. */
  private undone(c: CommandRecord): string | null {
    const r = c.reply;
    if (c.body.cmd !== "undo" || !r?.ok || !r.undone) return null;
    const parsed = undoableEntrySchema.pick({ input: true, removal: true }).safeParse(r.undone);
    if (!parsed.success) return null;
    const seats = this.snapshot?.state?.seats ?? [];
    const what = describeInput(this.tr, seats, parsed.data.input, parsed.data.removal);
    return this.tr.t("undo.done", { what });
  }
}

customElements.define("host-replies", HostReplies);
