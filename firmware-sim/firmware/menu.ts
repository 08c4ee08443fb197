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
 * a blindfolded player counts ticks from there.
 */
import type { Prompt } from "../../protocol/views.js";

export type MenuItem =
  | { kind: "target"; seat: number }
  | { kind: "option"; id: string }
  | { kind: "send" }
  | { kind: "back" }
  | { kind: "pass" };

/** What the player decided; the paddle turns it into an `act` or `pass` input. */
export type Intent =
  | { kind: "act"; action: string; targets: number[]; option: string | null }
  | { kind: "pass" };

/** What the paddle should make the player feel. */
export type MenuFeedback = "tick" | "home" | "armed" | "options" | "sent" | "none";

export class Menu {
  prompt: Prompt | null = null;
  canPass = false;
  items: MenuItem[] = [];
  cursor = 0;
  armed = -1;
  /** Targets toggled so far (prompts that take more than one). */
  chosen: number[] = [];
  /** Targets already confirmed when the prompt also asks for an option. */
  private stage: "targets" | "options" = "targets";
  private key = "";

  /** Returns true when the menu changed to a new question (worth a "your turn" pulse). */
  update(prompt: Prompt | null, canPass: boolean): boolean {
    const key = prompt
      ? `${prompt.action}|${prompt.targets.join(",")}|${prompt.options.join(",")}|${prompt.min}|${prompt.max}|${canPass}`
      : `none|${canPass}`;
    if (key === this.key) return false;
    const fresh = prompt !== null && (this.prompt === null || this.prompt.action !== prompt.action);
    this.key = key;
    this.prompt = prompt;
    this.canPass = canPass;
    this.chosen = [];
    this.stage = prompt && prompt.max === 0 && prompt.options.length > 0 ? "options" : "targets";
    this.build();
    return fresh;
  }

  private build(): void {
    const items: MenuItem[] = [];
    const p = this.prompt;
    if (p && this.stage === "targets") {
      for (const seat of p.targets) items.push({ kind: "target", seat: seat });
      if (p.max > 1) items.push({ kind: "send" });
    } else if (p) {
      for (const id of p.options) items.push({ kind: "option", id: id });
      if (p.max > 0) items.push({ kind: "back" });
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
    if (item.kind === "back") {
      this.stage = "targets";
      this.build();
      this.chosen = [];
      return { feedback: "home", intent: null };
    }
    if (!p) return { feedback: "none", intent: null };
    if (item.kind === "target") this.chosen = [item.seat];
    if (item.kind === "option")
      return { feedback: "sent", intent: this.act(p, this.chosen, item.id) };
    if (p.options.length > 0) {
      // Targets confirmed; now the option.
      this.stage = "options";
      const chosen = this.chosen;
      this.build();
      this.chosen = chosen;
      return { feedback: "options", intent: null };
    }
    return { feedback: "sent", intent: this.act(p, this.chosen, null) };
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
