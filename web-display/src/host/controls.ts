/** Start, next, pause/resume, end: each sends `host-command` up. */
import { css, html, nothing } from "lit";
import type { CommandBody } from "../connection.js";
import { TableElement } from "../element.js";
import { theme } from "../styles.js";
import { hostTheme } from "./host-styles.js";

export class HostControls extends TableElement {
  static override styles = [
    theme,
    hostTheme,
    css`
      .bar {
        display: flex;
        gap: 10px;
        flex-wrap: wrap;
      }
      button {
        font-size: 18px;
        padding: 10px 22px;
      }
    `,
  ];

  override render() {
    const s = this.snapshot?.state;
    if (!s) return nothing;
    const t = this.tr.t;
    const playing = s.phase === "day" || s.phase === "night";
    return html`<div class="bar">
      <button class="primary" data-cmd="start" ?disabled=${s.phase !== "setup"}
        @click=${() => this.send({ cmd: "start" })}>${t("host.start")}</button>
      <button data-cmd="next" ?disabled=${!playing} @click=${() => this.send({ cmd: "next" })}>
        ${t("host.next")}</button>
      ${
        s.paused
          ? html`<button data-cmd="resume" @click=${() => this.send({ cmd: "resume" })}>
              ${t("host.resume")}</button>`
          : html`<button data-cmd="pause" ?disabled=${!playing}
              @click=${() => this.send({ cmd: "pause" })}>${t("host.pause")}</button>`
      }
      <button data-cmd="undo" ?disabled=${s.phase === "setup"} @click=${this.undo}>
        ${t("host.undo")}</button>
      <button class="danger" data-cmd="end" ?disabled=${!playing} @click=${this.end}>
        ${t("host.end")}</button>
    </div>`;
  }

  /** A correction: the reason is the host's own note, journaled with the undo. */
  private undo(): void {
    const reason = prompt(this.tr.t("host.undoReason"))?.trim();
    if (reason) this.send({ cmd: "undo", reason: reason.slice(0, 200) });
  }

  private end(): void {
    if (confirm(this.tr.t("host.confirmEnd"))) this.send({ cmd: "end" });
  }

  private send(body: CommandBody): void {
    this.emit("host-command", body);
  }
}

customElements.define("host-controls", HostControls);
