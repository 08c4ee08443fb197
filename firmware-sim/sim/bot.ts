/**
 * A bot player for one paddle: it decides only from what its own paddle knows (its seat
 * view and the public glance) and acts only through the paddle's sensors and keys. It
 * plays legal random moves of any ruleset, from the prompts alone: blindfold on at night
 * unless woken with something to do, random thumbs in a vote by thumbs (never down and up
 * inside one window, which would be a provocation), the mafia's agreed shot, a random
 * target for any other prompt (decoys included), and for a prompt with options (the
 * hunt's claimed status) a random option or, now and then, "pass". A prompt still offered
 * after its answer (a changeable vote, a proposal) is answered again once in a while;
 * one that goes away (a vote cast once) is not. "pass" where it is the only move ("thank
 * you", "ready").
 */
import type { SimPaddle } from "./sim-paddle.js";

export type Rand = () => number;

export interface BotOptions {
  rand: Rand;
  /** Think time before each action, ms. */
  thinkMs: [number, number];
  /** Whether the script holds this seat now (the bot then does nothing). */
  held: (seat: number) => boolean;
  voteChance?: number;
  nominateChance?: number;
  /** How often a prompt with options is answered rather than passed (the hunt's `hunt`). */
  optionChance?: number;
  /** How often a prompt still offered after the bot's answer is answered once more. */
  changeChance?: number;
}

/**
 * A vote by thumbs: the public state counts one nominee at a time (sport's vote and
 * revote), or it is sport's all-leave vote. Other rulesets vote by prompts.
 */
function thumbVote(step: string, counting: number | null): boolean {
  return ((step === "vote" || step === "revote") && counting !== null) || step === "leavevote";
}

export class Bot {
  private timer: NodeJS.Timeout | null = null;
  private window = "";
  private voteHere = false;
  /** Question key → the view rev it was answered at, and whether it may be changed once. */
  private readonly done = new Map<string, { rev: number; again: boolean }>();
  private stopped = false;

  constructor(
    private readonly sp: SimPaddle,
    private readonly o: BotOptions,
  ) {
    sp.events.on("change", () => this.schedule());
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  schedule(): void {
    if (this.timer || this.stopped) return;
    const [lo, hi] = this.o.thinkMs;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        if (this.act()) this.schedule(); // one move per thought; think again after it
      },
      lo + this.o.rand() * (hi - lo),
    );
  }

  /** Makes at most one move; returns whether it did. */
  private act(): boolean {
    const p = this.sp.paddle;
    const hal = this.sp.hal;
    const v = p.view;
    const g = p.glance;
    if (!v || !g || this.o.held(this.sp.seat) || p.linkState !== "up") return false;
    const wantBlindfold = g.phase === "night" && v.alive && !(v.prompt && !v.blindfold);
    if (hal.blindfoldLevel !== wantBlindfold) {
      hal.setBlindfold(wantBlindfold);
      return true;
    }
    if (g.phase === "ended") return false;
    // Out of the game, a seat still ends its own last word.
    if (!v.alive && g.speaker !== this.sp.seat) return false;
    if (g.phase === "day" && thumbVote(g.step, g.counting))
      return this.vote(`${g.step}|${g.round}|${g.counting}`);
    if (hal.thumbLevel) {
      hal.setThumb(false);
      return true;
    }
    const key = `${g.phase}|${g.step}|${g.round}|${g.speaker}|${v.prompt ? v.prompt.action : "-"}`;
    if (p.menu.items.length === 0) return false;
    const asked = this.done.get(key);
    if (asked === undefined) {
      // The mafia's shot stays as agreed (in sport a second shot would spoil it).
      this.done.set(key, { rev: v.rev, again: v.prompt !== null && v.prompt.action !== "shoot" });
      return this.answer();
    }
    // Answered, the hub has it (nothing left to send, a newer view) and still asks: a
    // changeable choice (the app's vote, a mafia proposal). Change it now and then, once.
    if (!asked.again || p.outbox.pending > 0 || v.rev <= asked.rev || v.prompt === null)
      return false;
    asked.again = false;
    return this.o.rand() < (this.o.changeChance ?? 0.2) && this.answer();
  }

  /** A new counting window: release a thumb held from the last one, then maybe vote here. */
  private vote(window: string): boolean {
    const hal = this.sp.hal;
    if (window !== this.window) {
      this.window = window;
      this.voteHere = this.o.rand() < (this.o.voteChance ?? 0.3);
      if (hal.thumbLevel) {
        hal.setThumb(false);
        return true;
      }
    }
    if (this.voteHere && !hal.thumbLevel) {
      hal.setThumb(true);
      return true;
    }
    return false;
  }

  private answer(): boolean {
    const sp = this.sp;
    const prompt = sp.paddle.menu.prompt;
    const view = sp.paddle.view;
    if (!prompt || !view) return sp.pass();
    const others = prompt.targets.filter((t) => t !== sp.seat && !view.allies.includes(t));
    const pool = others.length > 0 ? others : prompt.targets;
    if (prompt.action === "shoot") {
      // Every mafioso computes the same target from the same facts: the shot agrees.
      const sorted = [...pool].sort((a, b) => a - b);
      const round = sp.paddle.glance?.round ?? 0;
      return sp.pick(sorted[(round * 3 + 1) % sorted.length] as number);
    }
    if (prompt.action === "nominate" && this.o.rand() >= (this.o.nominateChance ?? 0.3)) {
      return sp.pass();
    }
    const target = pool[Math.floor(this.o.rand() * pool.length)];
    if (target === undefined) return sp.pass();
    if (prompt.options.length === 0) return sp.pick(target);
    if (this.o.rand() >= (this.o.optionChance ?? 0.5) && sp.canPass()) return sp.pass();
    const option = prompt.options[Math.floor(this.o.rand() * prompt.options.length)] as string;
    return sp.pickWithOption(target, option);
  }
}
