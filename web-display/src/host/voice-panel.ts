/**
 * Who is speaking, for the judge (issue 26): live, the seat the hub attributes speech to
 * against whose turn it is, and the candidates — "seat 4 spoke 2.1 s during seat 7's
 * speech", running over after one's speech, talking at night — each with one click to
 * confirm (the ordinary `foul`, with the cause the ruleset's manifest gives the candidate's
 * kind, `voiceCauses`; none: no confirm button) or to dismiss (`dismiss`). Never a foul by
 * itself. Shown only at a table with voice on.
 */
import { css, html, nothing } from "lit";
import { repeat } from "lit/directives/repeat.js";
import { stepKind, voiceCause } from "../../../protocol/manifest.js";
import type { CommandBody } from "../connection.js";
import { TableElement } from "../element.js";
import { seatRef } from "../i18n/index.js";
import { theme } from "../styles.js";
import { hostTheme } from "./host-styles.js";

export class HostVoice extends TableElement {
  static override styles = [
    theme,
    hostTheme,
    css`
      .live {
        font-size: 18px;
        font-weight: 800;
      }
      .live[data-speaking-out="true"] {
        color: var(--red);
      }
      li {
        margin: 6px 0;
      }
      li[data-status="open"] {
        font-weight: 700;
      }
      button {
        margin-left: 8px;
      }
    `,
  ];

  private send(body: CommandBody): void {
    this.emit<CommandBody>("host-command", body);
  }

  override render() {
    const snap = this.snapshot;
    const s = snap?.state;
    const voice = snap?.hostView?.voice;
    if (!s || !voice) return nothing;
    const tr = this.tr;
    const t = tr.t;
    const who = (n: number) => seatRef(tr, s.seats, n);
    const speaking = voice.speaking;
    const turn = stepKind(this.manifest, s.step) === "speaking" ? s.speaker : null;
    const out = speaking !== null && speaking !== turn;
    // Keyed: a candidate raised while the judge clicks must not slide under his pointer.
    const candidates = [...voice.candidates].reverse();
    return html`<section data-voice-panel>
      <h2>${t("voice.title")}</h2>
      <p class="live" data-speaking=${speaking ?? ""} data-speaking-out=${String(out)}>
        ${speaking === null ? t("voice.nobody") : t("voice.speaking", { seat: who(speaking) })}
        ${turn !== null ? html` · ${t("voice.turnOf", { seat: who(turn) })}` : nothing}
      </p>
      <ul>
        ${repeat(
          candidates,
          (c) => c.id,
          (c) => {
            const secs = ((c.to - c.from) / 1000).toFixed(1);
            const during = c.during === null ? "" : who(c.during);
            const text = t(`voice.cand.${c.kind}`, { seat: who(c.seat), s: secs, during });
            const cause = voiceCause(this.manifest, c.kind);
            return html`<li data-candidate=${c.id} data-seat=${c.seat} data-kind=${c.kind} data-status=${c.status}>
            ${text}
            ${
              c.status === "open"
                ? html`${
                    cause === null
                      ? nothing
                      : html`<button data-action="voice-confirm" @click=${() => this.send({ cmd: "foul", seat: c.seat, cause, candidate: c.id })}>
                      ${t("voice.confirm")}</button>`
                  }
                    <button data-action="voice-dismiss" @click=${() => this.send({ cmd: "dismiss", candidate: c.id })}>
                      ${t("voice.dismiss")}</button>`
                : html` — ${t(c.status === "confirmed" ? "voice.confirmed" : "voice.dismissed")}`
            }
          </li>`;
          },
        )}
      </ul>
    </section>`;
  }
}

customElements.define("host-voice", HostVoice);
