/**
 * The seat's private words on the phone: its role and team, its allies, its private
 * results, and the question the firmware's menu is asking with the item under the cursor.
 *
 * Night privacy: the role, allies and results are in the page only while the player holds
 * the reveal button, and so is every question at night and every secret one by day (the
 * app's vote); otherwise the DOM holds one uniform "hidden" text, the same whatever the
 * role, so a glance (or a screenshot) tells nothing. Only what the table hears anyway
 * stays on screen by day: a speaker's "thank you" and a nomination.
 */
import { css, html, nothing } from "lit";
import type { MenuItem } from "../../../firmware-sim/firmware/menu.js";
import type { Prompt, PublicSeat } from "../../../protocol/views.js";
import { MafiaElement } from "../element.js";
import { resultText, roleName, seatList, seatRef } from "../i18n/index.js";
import { theme } from "../styles.js";
import type { SeatSession } from "./seat-session.js";

/** Questions whose answer is announced to the table at once. */
const PUBLIC_ACTIONS = ["nominate"];

export class SeatScreen extends MafiaElement {
  static override properties = {
    session: { attribute: false },
    revealed: { type: Boolean },
    tick: { type: Number },
  };
  declare session: SeatSession | null;
  declare revealed: boolean;
  /** Bumped by the page on every change of the session (whose fields change in place). */
  declare tick: number;

  constructor() {
    super();
    this.session = null;
    this.revealed = false;
    this.tick = 0;
  }

  static override styles = [
    theme,
    css`
      :host {
        display: flex;
        flex-direction: column;
        gap: 10px;
        padding: 12px 16px;
        font-size: 18px;
      }
      .hidden {
        color: var(--night-ink);
        font-size: 16px;
        line-height: 1.4;
        text-align: center;
        padding: 18px 6px;
      }
      .role {
        font-size: 26px;
        font-weight: 800;
        color: var(--gold);
      }
      .dim {
        color: var(--ink-dim);
        font-size: 15px;
      }
      ul {
        margin: 0;
        padding-left: 18px;
      }
      .ask {
        border-top: 1px solid var(--panel-edge);
        padding-top: 10px;
      }
      .question {
        font-weight: 700;
      }
      .item {
        margin-top: 8px;
        font-size: 30px;
        font-weight: 800;
        padding: 10px 12px;
        border-radius: 10px;
        background: var(--panel);
        border: 2px solid var(--panel-edge);
      }
      .item.armed {
        border-color: var(--gold);
        color: var(--gold);
      }
      .answer.ok {
        color: var(--green);
      }
      .answer.err {
        color: #ff8a80;
      }
    `,
  ];

  override render() {
    const s = this.session;
    const view = s?.paddle.view;
    if (!s || !view) return nothing;
    if (!this.revealed) {
      const prompt = s.paddle.menu.prompt;
      // A ruleset that offers several actions at once (the forum: a terrorist's attack beside
      // the vote) shows none openly, so that an open screen never tells who has more.
      const open =
        s.paddle.glance?.phase !== "night" &&
        view.offers === undefined &&
        (!prompt || PUBLIC_ACTIONS.includes(prompt.action));
      return html`<p class="hidden" data-hidden="true">${this.tr.t("phone.hidden")}</p>
        ${open ? this.ask() : nothing}`;
    }
    return html`${this.identity()}${this.ask()}`;
  }

  private seats(): readonly PublicSeat[] {
    return this.session?.state?.seats ?? [];
  }

  private identity() {
    const t = this.tr.t;
    const s = this.session as SeatSession;
    const view = s.paddle.view;
    if (!view) return nothing;
    const ruleset = s.state?.ruleset ?? "";
    if (!view.role) return html`<p class="dim" data-role="">${t("phone.noRole")}</p>`;
    const allies = view.allies.map((n) => {
      const role = view.allyRoles[String(n)];
      const who = seatRef(this.tr, this.seats(), n);
      return role ? `${who} (${roleName(this.tr, ruleset, role)})` : who;
    });
    const proposals = Object.entries(view.proposals).map(
      ([from, to]) => `${from} → ${seatRef(this.tr, this.seats(), to)}`,
    );
    const night = s.paddle.glance?.phase === "night";
    return html`<div class="role" data-role=${view.role}>
        ${t("phone.role", { role: roleName(this.tr, ruleset, view.role) })}
      </div>
      ${view.team ? html`<div class="dim">${t("phone.team", { team: t(`team.${view.team}`) })}</div>` : nothing}
      ${allies.length > 0 ? html`<div data-allies=${view.allies.join(",")}>${t("phone.allies", { seats: allies.join(", ") })}</div>` : nothing}
      ${proposals.length > 0 ? html`<div class="dim">${t("phone.proposals", { list: proposals.join(", ") })}</div>` : nothing}
      ${view.alive ? nothing : html`<div class="dim" data-out="true">${t("phone.out")}</div>`}
      ${night && view.alive ? html`<div class="dim" data-woken=${!view.blindfold}>${t(view.blindfold ? "phone.keepBlindfold" : "phone.woken")}</div>` : nothing}
      ${
        view.results.length > 0
          ? html`<div>${t("phone.results")}</div>
            <ul data-results=${view.results.length}>
              ${view.results.map(
                (r) => html`<li>
                  ${t("phone.result", {
                    night: r.night,
                    seats: seatList(this.tr, this.seats(), r.seats),
                    result: resultText(this.tr, ruleset, r.key),
                  })}
                </li>`,
              )}
            </ul>`
          : nothing
      }`;
  }

  /** The firmware's menu in words: the question, the item under the cursor, where it is. */
  private ask() {
    const t = this.tr.t;
    const s = this.session as SeatSession;
    const menu = s.paddle.menu;
    const item = menu.current;
    const answer = s.answer;
    const answerLine = answer
      ? html`<div class="answer ${answer.ok ? "ok" : "err"}" data-answer=${answer.ok ? "ok" : answer.error}>
          ${answer.ok ? t("phone.accepted") : t("phone.refusedInput", { error: t(`error.${answer.error}`, undefined, answer.error) })}
        </div>`
      : nothing;
    if (!item) {
      return html`<div class="ask" data-action="">
        <div class="dim">${t("phone.nothing")}</div>${answerLine}
      </div>`;
    }
    const armed = menu.armed === menu.cursor;
    return html`<div class="ask" data-action=${menu.prompt?.action ?? "pass"}>
      <div class="question">${this.question(menu.prompt)}</div>
      <div class="item ${armed ? "armed" : ""}" data-item=${itemKey(item)} data-armed=${armed}>
        ${this.label(item, menu.chosen)}
      </div>
      <div class="dim">
        ${t("phone.position", { i: menu.cursor + 1, n: menu.items.length })}
        ${armed ? html` · <span>${t("phone.armed")}</span>` : nothing}
      </div>
      ${answerLine}
    </div>`;
  }

  private question(prompt: Prompt | null): string {
    const t = this.tr.t;
    const menu = this.session?.paddle.menu;
    if (!prompt && menu && menu.offers.length > 1) return t("phone.whichAction");
    if (!prompt) return t("phone.yourTurn");
    // A ruleset's own wording first (the forum's murder is not the app's proposal).
    const ruleset = this.session?.state?.ruleset ?? "";
    const plain = t(`phone.action.${prompt.action}`, undefined, prompt.action);
    return t(`phone.action.${ruleset}.${prompt.action}`, undefined, plain);
  }

  private label(item: MenuItem, chosen: number[]): string {
    const t = this.tr.t;
    switch (item.kind) {
      case "target": {
        const mark = chosen.includes(item.seat) ? ` ✓ ${t("phone.chosen")}` : "";
        return seatRef(this.tr, this.seats(), item.seat) + mark;
      }
      case "option":
        return t(`phone.option.${item.id}`, undefined, item.id);
      case "action": {
        const offer = this.session?.paddle.menu.offers[item.index];
        return offer ? this.question(offer) : "";
      }
      case "send": {
        // An option that may be left out (the liar's vote): `send` sends it without one.
        const p = this.session?.paddle.menu.prompt;
        if (this.session?.paddle.menu.choosingOption && p)
          return t(`phone.bare.${p.action}`, undefined, t("phone.bare"));
        return t("phone.send", { n: chosen.length });
      }
      case "back":
        return t("phone.back");
      case "pass": {
        const meaning = this.session?.paddle.view?.pass ?? "pass";
        return t(`phone.pass.${meaning}`, undefined, t("phone.pass.pass"));
      }
    }
  }
}

/** `target:3`, `option:mafia`, `action:0`, `send`, `back`, `pass`: what the tests and the styles read. */
export function itemKey(item: MenuItem): string {
  if (item.kind === "target") return `target:${item.seat}`;
  if (item.kind === "action") return `action:${item.index}`;
  if (item.kind === "option") return `option:${item.id}`;
  return item.kind;
}

customElements.define("seat-screen", SeatScreen);
