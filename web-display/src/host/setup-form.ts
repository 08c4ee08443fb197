/** Ruleset, seats, names and timings; sends `setup` up as a host command. */
import { css, html, nothing } from "lit";
import { RULESET_IDS } from "../../../protocol/host.js";
import { MAX_SEATS } from "../../../protocol/topics.js";
import type { CommandBody } from "../connection.js";
import { TableElement } from "../element.js";
import { theme } from "../styles.js";
import { hostTheme } from "./host-styles.js";

/** Option name → the public `timings` key it shows up as. */
const TIMINGS = [
  ["speechSeconds", "speech"],
  ["lastWordSeconds", "lastword"],
  ["voteWindowSeconds", "vote"],
  ["nightStepSeconds", "night"],
  ["justifySeconds", "shootout"],
] as const;
/** Options only the sport ruleset knows. */
const SPORT_ONLY = new Set(["justifySeconds"]);

export class HostSetup extends TableElement {
  static override properties = {
    count: { state: true },
    error: { state: true },
  };
  declare count: number | null;
  declare error: string | null;

  constructor() {
    super();
    this.count = null;
    this.error = null;
  }

  static override styles = [
    theme,
    hostTheme,
    css`
      form {
        display: grid;
        gap: 12px;
      }
      .row {
        display: flex;
        gap: 16px;
        flex-wrap: wrap;
        align-items: end;
      }
      label {
        display: flex;
        flex-direction: column;
        gap: 4px;
        font-size: 13px;
        color: var(--ink-dim);
      }
      label.check {
        flex-direction: row;
        align-items: center;
      }
      .names {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
        gap: 8px;
      }
      input[type="number"] {
        width: 90px;
      }
      textarea {
        width: 100%;
        min-height: 48px;
        font-family: monospace;
      }
      .error {
        color: #ff8a80;
        font-weight: 700;
      }
    `,
  ];

  override render() {
    const s = this.snapshot?.state;
    if (!s) return nothing;
    const t = this.tr.t;
    const count = this.count ?? s.seats.length;
    return html`<section>
      <h2>${t("host.setup")}</h2>
      <form @submit=${this.submit}>
        <div class="row">
          <label>${t("host.ruleset")}
            <select name="ruleset">
              ${RULESET_IDS.map(
                (id) =>
                  html`<option value=${id} ?selected=${id === s.ruleset}>${t(`ruleset.${id}`)}</option>`,
              )}
            </select>
          </label>
          <label>${t("host.seatCount")}
            <input name="count" type="number" min="1" max=${MAX_SEATS} .value=${String(count)}
              @input=${this.recount} />
          </label>
        </div>
        <label>${t("host.names")}</label>
        <div class="names">
          ${Array.from({ length: count }, (_, i) => {
            const n = i + 1;
            const current = s.seats.find((x) => x.seat === n)?.name ?? "";
            return html`<input name="name-${n}" aria-label=${t("host.seatDefault", { n })}
              placeholder=${t("host.seatDefault", { n })} .value=${current} maxlength="32" />`;
          })}
        </div>
        <label>${t("host.timings")}</label>
        <div class="row">
          ${TIMINGS.map(
            ([option, key]) => html`<label>${t(`opt.${option}`)}
              <input name=${option} type="number" min="1" max="600" .value=${String(s.timings[key] ?? "")} />
            </label>`,
          )}
          <label class="check"><input name="autoAdvance" type="checkbox" checked />
            ${t("host.autoAdvance")}</label>
        </div>
        <label>${t("host.moreOptions")}
          <textarea name="extra" placeholder='{"allowAnySeatCount": true}'></textarea>
        </label>
        ${this.error ? html`<div class="error" role="alert">${this.error}</div>` : nothing}
        <div><button class="primary" type="submit" data-cmd="setup">${t("host.sendSetup")}</button></div>
      </form>
    </section>`;
  }

  private recount(e: Event): void {
    const n = Number((e.target as HTMLInputElement).value);
    if (Number.isInteger(n) && n >= 1 && n <= MAX_SEATS) this.count = n;
  }

  private submit(e: SubmitEvent): void {
    e.preventDefault();
    const form = new FormData(e.target as HTMLFormElement);
    const ruleset = String(form.get("ruleset") ?? "sport");
    const count = this.count ?? this.snapshot?.state?.seats.length ?? 10;
    let extra: Record<string, unknown> = {};
    const text = String(form.get("extra") ?? "").trim();
    if (text) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed))
          throw new Error();
        extra = parsed as Record<string, unknown>;
      } catch {
        this.error = this.tr.t("host.badJson");
        return;
      }
    }
    this.error = null;
    const options: Record<string, unknown> = { autoAdvance: form.get("autoAdvance") === "on" };
    for (const [option] of TIMINGS) {
      const value = Number(form.get(option));
      if (String(form.get(option) ?? "") !== "" && Number.isFinite(value)) {
        if (ruleset === "sport" || !SPORT_ONLY.has(option)) options[option] = value;
      }
    }
    const seats = Array.from({ length: count }, (_, i) => {
      const n = i + 1;
      const name = String(form.get(`name-${n}`) ?? "").trim();
      return { seat: n, name: name || this.tr.t("host.seatDefault", { n }) };
    });
    this.emit<CommandBody>("host-command", {
      cmd: "setup",
      ruleset,
      seats,
      options: { ...options, ...extra },
    });
  }
}

customElements.define("host-setup", HostSetup);
