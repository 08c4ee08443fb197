/**
 * The paddle's one menu: the targets (and options) of the seat's current prompt, plus
 * "pass" when passing means something (the seat's own speech: "thank you"; an optional
 * action: decline). Keys move a cursor; `ok` arms the item under it and a second `ok`
 * sends it, so a blindfolded player never sends by a slip. Moving the cursor disarms.
 *
 * A prompt with `options` (any ruleset: e.g. the hunt's claimed status) is two questions:
 * first the target(s), then the option. Confirming the target buzzes `options` (two long)
 * and puts the cursor on the first option, in the prompt's order, followed by "back" (to
 * the targets again) and "pass" if offered; `home` marks the first item as everywhere, so
 * a blindfolded player counts ticks from there. Where the option may be left out (the
 * prompt's `optional`: the forum liar's "straight"), `send` comes first and sends none.
 *
 * A seat offered several actions at once (the view's `offers`: the forum's vote beside the
 * terrorist's attack) is first asked which one; `back` on its targets returns there, and
 * so does every send, since the other actions stay on offer.
 */
import type { TableGlance } from "../../protocol/glance.js";
import type { Prompt, SeatView } from "../../protocol/views.js";

export type MenuItem =
  | { kind: "action"; index: number }
  | { kind: "target"; seat: number }
  | { kind: "option"; id: string }
  | { kind: "send" }
  | { kind: "back" }
  | { kind: "pass" };

/** What the menu is asked: one prompt, several actions to choose from first, or nothing. */
export type MenuOffer = Prompt | Prompt[] | null;

/**
 * What the menu offers now: the prompt, or for a seat offered several actions at once
 * (`offers`) those, asked which one first; and "pass" whenever the view says what a pass
 * means now ("thanks", "ready", "abstain", "nothing"). A hub that predates the field:
 * "thank you" during one's own turn to speak.
 */
export function offeredOf(
  seat: number,
  v: SeatView | null,
  g: TableGlance | null,
): { offered: MenuOffer; canPass: boolean } {
  const speaking = g !== null && g.phase === "day" && g.speaker === seat;
  const canPass = v !== null && v.pass !== undefined ? v.pass !== null : speaking;
  if (!v) return { offered: null, canPass: canPass };
  return { offered: v.offers && v.offers.length > 1 ? v.offers : v.prompt, canPass: canPass };
}

/** What the player decided; the paddle turns it into an `act` or `pass` input. */
export type Intent =
  | { kind: "act"; action: string; targets: number[]; option: string | null }
  | { kind: "pass" };

/** What the paddle should make the player feel. */
export type MenuFeedback = "tick" | "home" | "armed" | "options" | "sent" | "none";

export class Menu {
  /** The action being answered (in the first question of several offers: null). */
  prompt: Prompt | null = null;
  /** Every action on offer, the shown prompt first. */
  offers: Prompt[] = [];
  canPass = false;
  items: MenuItem[] = [];
  cursor = 0;
  armed = -1;
  /** Targets toggled so far (prompts that take more than one). */
  chosen: number[] = [];
  /** Targets already confirmed when the prompt also asks for an option. */
  private stage: "actions" | "targets" | "options" = "targets";
  private key = "";
  private actions = "";

  /**
   * The seat's prompt, or every action it is offered. Returns true when an action is
   * offered that was not before (worth a "your turn" pulse).
   */
  update(offered: MenuOffer, canPass: boolean): boolean {
    const offers = offered === null ? [] : Array.isArray(offered) ? offered : [offered];
    let key = `${canPass}`;
    let actions = "|";
    for (const p of offers) {
      key += `/${p.action}|${p.targets.join(",")}|${p.options.join(",")}|${p.min}|${p.max}|${p.optional}`;
      actions += `${p.action}|`;
    }
    if (key === this.key) return false;
    let fresh = false;
    for (const p of offers) if (this.actions.indexOf(`|${p.action}|`) < 0) fresh = true;
    this.key = key;
    this.actions = actions;
    this.offers = offers;
    this.canPass = canPass;
    this.choose(offers.length > 1 ? null : offers[0] || null);
    return fresh;
  }

  /** Opens the question of one offered action, or (null) the choice between them. */
  private choose(p: Prompt | null): void {
    this.prompt = p;
    this.chosen = [];
    if (p === null) this.stage = this.offers.length > 1 ? "actions" : "targets";
    else this.stage = p.max === 0 && p.options.length > 0 ? "options" : "targets";
    this.build();
  }

  private build(): void {
    const items: MenuItem[] = [];
    const p = this.prompt;
    if (this.stage === "actions") {
      for (let i = 0; i < this.offers.length; i++) items.push({ kind: "action", index: i });
    } else if (p && this.stage === "targets") {
      for (const seat of p.targets) items.push({ kind: "target", seat: seat });
      if (p.max > 1) items.push({ kind: "send" });
      if (this.offers.length > 1) items.push({ kind: "back" });
    } else if (p) {
      if (p.optional) items.push({ kind: "send" });
      for (const id of p.options) items.push({ kind: "option", id: id });
      if (p.max > 0 || this.offers.length > 1) items.push({ kind: "back" });
    }
    if (this.canPass || (p !== null && p.min === 0)) items.push({ kind: "pass" });
    this.items = items;
    this.cursor = 0;
    this.armed = -1;
  }

  /** The targets are taken and the menu asks for the option. */
  get choosingOption(): boolean {
    return this.stage === "options" && this.prompt !== null && this.prompt.max > 0;
  }

  get current(): MenuItem | null {
    return this.items[this.cursor] || null;
  }

  move(delta: number): MenuFeedback {
    const n = this.items.length;
    if (n === 0) return "none";
    this.cursor = (((this.cursor + delta) % n) + n) % n;
    this.armed = -1;
    return this.cursor === 0 ? "home" : "tick";
  }

  /** `ok`: arms, toggles, or (on the armed item) returns the intent to send. */
  ok(): { feedback: MenuFeedback; intent: Intent | null } {
    const item = this.current;
    const p = this.prompt;
    if (!item) return { feedback: "none", intent: null };
    if (item.kind === "target" && p && p.max > 1) {
      const at = this.chosen.indexOf(item.seat);
      if (at >= 0) this.chosen.splice(at, 1);
      else if (this.chosen.length < p.max) this.chosen.push(item.seat);
      return { feedback: at >= 0 ? "tick" : "armed", intent: null };
    }
    if (this.armed !== this.cursor) {
      if (item.kind === "send" && p && this.chosen.length < p.min)
        return { feedback: "none", intent: null };
      this.armed = this.cursor;
      return { feedback: "armed", intent: null };
    }
    this.armed = -1;
    if (item.kind === "pass") return { feedback: "sent", intent: { kind: "pass" } };
    if (item.kind === "action") {
      this.choose(this.offers[item.index] || null);
      return { feedback: "home", intent: null };
    }
    if (item.kind === "back") {
      // From the targets (or an option-only question) of one of several offers: the choice
      // between them; from an option: the targets again.
      if (this.stage === "targets" || !p || p.max === 0) this.choose(null);
      else {
        this.stage = "targets";
        this.build();
        this.chosen = [];
      }
      return { feedback: "home", intent: null };
    }
    if (!p) return { feedback: "none", intent: null };
    if (item.kind === "target") this.chosen = [item.seat];
    if (item.kind === "option") return this.sent(this.act(p, this.chosen, item.id));
    if (item.kind === "send" && this.stage === "options")
      return this.sent(this.act(p, this.chosen, null));
    if (p.options.length > 0) {
      // Targets confirmed; now the option.
      this.stage = "options";
      const chosen = this.chosen;
      this.build();
      this.chosen = chosen;
      return { feedback: "options", intent: null };
    }
    return this.sent(this.act(p, this.chosen, null));
  }

  /**
   * After a send the menu starts over: a changeable choice (the forum's vote) is asked
   * afresh, and a seat with several offers is asked again which one (they stay on offer).
   */
  private sent(intent: Intent): { feedback: MenuFeedback; intent: Intent } {
    this.choose(this.offers.length > 1 ? null : this.offers[0] || null);
    return { feedback: "sent", intent: intent };
  }

  private act(p: Prompt, targets: number[], option: string | null): Intent {
    const copy: number[] = [];
    for (const t of targets) copy.push(t);
    return { kind: "act", action: p.action, targets: copy, option: option };
  }

  /** Where `item` sits, for callers that steer the cursor (bots, scripts). */
  indexOf(match: (item: MenuItem) => boolean): number {
    for (let i = 0; i < this.items.length; i++) if (match(this.items[i] as MenuItem)) return i;
    return -1;
  }
}
