/** Ruleset, seats, names and timings; sends `setup` up as a host command. */
import { css, html, nothing } from "lit";
import type { OptionSpec } from "../../../protocol/rulesets.js";
import { MAX_SEATS } from "../../../protocol/topics.js";
import { optionWord } from "../../../protocol/words/index.js";
import type { CommandBody } from "../connection.js";
import { TableElement } from "../element.js";
import { theme } from "../styles.js";
import { hostTheme } from "./host-styles.js";

/** Options with a form field of their own; objects (venue branding) go in the JSON box. */
const FIELD_TYPES = new Set<OptionSpec["type"]>(["number", "integer", "boolean", "choice"]);
/** The limit of a seat's name (protocol/host.ts), said next to the names, never cut silently. */
const NAME_LIMIT = 32;

export class HostSetup extends TableElement {
  static override properties = {
    count: { state: true },
    error: { state: true },
    chosen: { state: true },
  };
  declare count: number | null;
  declare error: string | null;
  /** The ruleset picked in the form (null: the current game's). */
  declare chosen: string | null;

  constructor() {
    super();
    this.count = null;
    this.error = null;
    this.chosen = null;
  }

  /** The rulesets the hub said it runs (only those are offered), or just the current one. */
  private offered(): { id: string; options: OptionSpec[] }[] {
    const list = this.snapshot?.rulesets;
    if (list && list.length > 0) return list;
    const current = this.snapshot?.state?.ruleset;
    return current ? [{ id: current, options: [] }] : [];
  }

  private specs(): OptionSpec[] {
    const id = this.chosen ?? this.snapshot?.state?.ruleset;
    return (this.offered().find((r) => r.id === id)?.options ?? []).filter((o) =>
      FIELD_TYPES.has(o.type),
    );
  }

  /** The option in words (protocol/words): label, unit and one line on what it changes. */
  private label(o: OptionSpec) {
    const w = optionWord(this.tr.lang, o.name);
    if (!w) return o.name;
    return html`<span data-option=${o.name}>${w.unit ? `${w.label} (${w.unit})` : w.label}</span>
      <span class="hint" data-about>${w.about}</span>`;
  }

  private choice(o: OptionSpec, c: string): string {
    return optionWord(this.tr.lang, o.name)?.choices?.[c] ?? c;
  }

  /**
   * What a field starts with: the last setup's value when the form's ruleset is the current
   * game's (the hub keeps it in the game's journal, across games and restarts, and the host
   * view carries it), else the ruleset's default. Timings once reset after every game.
   */
  private initial(o: OptionSpec): unknown {
    const view = this.snapshot?.hostView;
    const current = this.snapshot?.state?.ruleset;
    const same = (this.chosen ?? current) === current;
    return same && view && Object.hasOwn(view.options, o.name) ? view.options[o.name] : o.default;
  }

  private field(o: OptionSpec) {
    const d = this.initial(o);
    if (o.type === "boolean")
      return html`<label class="check"><input name=${o.name} type="checkbox" ?checked=${d === true} />
        ${this.label(o)}</label>`;
    if (o.type === "choice")
      return html`<label>${this.label(o)}
        <select name=${o.name}>${(o.choices ?? []).map(
          (c) => html`<option value=${c} ?selected=${c === d}>${this.choice(o, c)}</option>`,
        )}</select></label>`;
    return html`<label>${this.label(o)}
      <input name=${o.name} type="number" min=${o.min ?? ""} max=${o.max ?? ""}
        step=${o.type === "integer" ? "1" : "any"} .value=${d === null || d === undefined ? "" : String(d)}
        placeholder=${o.nullable ? "—" : ""} />
    </label>`;
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
      .options label {
        max-width: 240px;
      }
      .hint {
        font-size: 12px;
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
            <select name="ruleset" @change=${this.pick}>
              ${this.offered().map(
                ({ id }) =>
                  html`<option value=${id} ?selected=${id === (this.chosen ?? s.ruleset)}>${t(`ruleset.${id}`)}</option>`,
              )}
            </select>
          </label>
          <label>${t("host.seatCount")}
            <input name="count" type="number" min="1" max=${MAX_SEATS} .value=${String(count)}
              @input=${this.recount} />
          </label>
        </div>
        <label>${t("host.names")} <span class="hint">${t("host.nameLimit", { n: NAME_LIMIT })}</span></label>
        <div class="names">
          ${Array.from({ length: count }, (_, i) => {
            const n = i + 1;
            const current = s.seats.find((x) => x.seat === n)?.name ?? "";
            return html`<input name="name-${n}" aria-label=${t("host.seatDefault", { n })}
              placeholder=${t("host.seatDefault", { n })} .value=${current} />`;
          })}
        </div>
        <label>${t("host.options")}</label>
        <div class="row options">${this.specs().map((o) => this.field(o))}</div>
        <label>${t("host.moreOptions")}
          <textarea name="extra" placeholder='{"allowAnySeatCount": true}'></textarea>
        </label>
        ${this.error ? html`<div class="error" role="alert">${this.error}</div>` : nothing}
        <div><button class="primary" type="submit" data-cmd="setup">${t("host.sendSetup")}</button></div>
      </form>
    </section>`;
  }

  private pick(e: Event): void {
    this.chosen = (e.target as HTMLSelectElement).value;
  }

  private recount(e: Event): void {
    const n = Number((e.target as HTMLInputElement).value);
    if (Number.isInteger(n) && n >= 1 && n <= MAX_SEATS) this.count = n;
  }

  private submit(e: SubmitEvent): void {
    e.preventDefault();
    const form = new FormData(e.target as HTMLFormElement);
    // The select always has a value; without one the hub's refusal says what is wrong.
    const ruleset = String(form.get("ruleset") ?? this.offered()[0]?.id ?? "");
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
    // Only what differs from the ruleset's default is sent: the hub fills in the rest.
    const options: Record<string, unknown> = {};
    for (const o of this.specs()) {
      const raw = form.get(o.name);
      let value: unknown;
      if (o.type === "boolean") value = raw === "on";
      else if (o.type === "choice") value = String(raw ?? "");
      else if (String(raw ?? "") === "") value = o.nullable ? null : undefined;
      else value = Number(raw);
      if (value !== undefined && value !== o.default) options[o.name] = value;
    }
    const seats = Array.from({ length: count }, (_, i) => {
      const n = i + 1;
      const name = String(form.get(`name-${n}`) ?? "").trim();
      return { seat: n, name: name || this.tr.t("host.seatDefault", { n }) };
    });
    // A name over the limit is refused here with the limit said, rather than cut (a
    // `maxlength` would cut a pasted name without a word).
    const long = seats.filter((x) => x.name.length > NAME_LIMIT).map((x) => x.seat);
    if (long.length > 0) {
      this.error = this.tr.t("host.nameTooLong", { n: NAME_LIMIT, seats: long.join(", ") });
      return;
    }
    this.emit<CommandBody>("host-command", {
      cmd: "setup",
      ruleset,
      seats,
      options: { ...options, ...extra },
    });
  }
}

customElements.define("host-setup", HostSetup);
