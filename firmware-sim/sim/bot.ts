/**
 * A bot player for one paddle: it decides only from what its own paddle knows (its seat
 * view and the public glance) and what the room's display shows, and acts only through
 * the paddle's sensors and keys (texts: as the seat's phone, bot-texts.ts). It
 * plays legal random moves of any ruleset, from the prompts alone: blindfold on at night
 * while the view says the seat is not woken, random thumbs in a vote by thumbs (never down and up
 * inside one window, which would be a provocation), the mafia's agreed shot, a random
 * target for any other prompt (decoys included), and for a prompt with options (the
 * hunt's claimed status) a random option or, now and then, "pass". A prompt still offered
 * after its answer (a changeable vote, a proposal) is answered again once in a while by
 * day, never at night (where it would be an input more than another role sends);
 * one that goes away (a vote cast once) is not. "pass" where it is the only move ("thank
 * you", "ready"). Several actions offered at once (the forum) are answered one by one,
 * some (tactics.ts: the terrorist's attack) only now and then.
 */
import type { Prompt, PublicState } from "../../protocol/views.js";
import { BotWriter } from "./bot-texts.js";
import type { Rand } from "./rand.js";
import type { SimPaddle } from "./sim-paddle.js";
import { type Move, reconsiders, tacticFor } from "./tactics.js";

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
  /** What the table's display shows now (the forum's public tally), for tactics.ts. */
  room?: () => PublicState | null;
}

/** Answers never changed once given: the agreed shot, the terrorist's one attack. */
const ONCE = ["shoot", "attack"];

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
  /** The view rev of the last answer this bot gave (an owed "nothing" waits for a newer one). */
  private answeredRev = -1;
  /** The night step (`round|step`) this bot last answered in. */
  private nightAnswered = "";
  /** Answers given in the current night step (`round|step`). */
  private nightAnswers = { step: "", n: 0 };
  /**
   * Silent nights: the step (`round|step`), answers given in it, the offers answered, and
   * how many haptics the paddle had felt at its start or at the bot's last answer (a "long"
   * since: that answer was refused).
   */
  private night = { step: "", sent: 0, offers: [] as string[], felt: 0 };
  private stopped = false;
  private readonly writer: BotWriter;

  constructor(
    private readonly sp: SimPaddle,
    private readonly o: BotOptions,
  ) {
    this.writer = new BotWriter(sp, o.rand);
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
    // A night step begins, seen even while held (a person may answer at the keys meanwhile).
    const step = g ? `${g.round}|${g.step}` : "";
    if (g && g.phase === "night" && this.night.step !== step) this.newNight(step);
    if (!v || !g || this.o.held(this.sp.seat) || p.linkState !== "up") return false;
    // The blindfold goes on where the view asks for it (a seat not woken), never because a
    // prompt went away: a decoy's goes once answered and a real one's stays, so an edge there
    // would tell the roles apart on the wire (issue 28).
    const wantBlindfold = g.phase === "night" && v.alive && v.blindfold;
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
    if (p.menu.items.length === 0) return this.writer.write(this.room());
    const night = `${g.round}|${g.step}`;
    if (g.phase === "night" && v.answers !== undefined && (v.pass === "nothing" || v.answers > 0))
      return this.silentNight(night, v.answers, v.pass) || this.writer.write(this.room());
    // Silent nights: once the seat owes nothing more this night step (`pass` null after an
    // answer), a further answer to another offer (the forum holder's third move) would be an
    // input more than other roles send: a bot stops there (issue 28).
    if (g.phase === "night" && v.pass === null && this.nightAnswered === night)
      return this.writer.write(this.room());
    // Every offered action in turn (the forum's vote beside an attack); a pass-only menu is null.
    const offers: (Prompt | null)[] = p.menu.offers.length > 0 ? p.menu.offers : [null];
    for (const offer of offers) {
      const key = `${g.phase}|${g.step}|${g.round}|${g.speaker}|${offer ? offer.action : "-"}`;
      const asked = this.done.get(key);
      if (asked === undefined) {
        // The mafia's shot stays as agreed (in sport a second shot would spoil it).
        const again = offer !== null && !ONCE.includes(offer.action);
        this.done.set(key, { rev: v.rev, again });
        if (this.answer(offer)) return true;
        continue;
      }
      if (offer === null || p.outbox.pending > 0) continue;
      // The forum's public vote follows the room (tactics.ts decides whether to move it).
      if (reconsiders(this.room()?.ruleset, offer.action)) {
        if (this.answer(offer)) return true;
        continue;
      }
      // Answered, the hub has it (nothing left to send, a newer view) and still asks: a
      // changeable choice (a vote, a mafia proposal). Change it now and then, once; never
      // at night, where a change is an input more than a role with nothing to change sends
      // (silent nights, issue 28: a player may choose that, a bot does not).
      if (!asked.again || v.rev <= asked.rev || g.phase === "night") continue;
      asked.again = false;
      if (this.o.rand() < (this.o.changeChance ?? 0.2) && this.answer(offer)) return true;
    }
    // Silent nights where a role has two moves (HUNT-QUIET-01): every offer answered, the
    // hub has it, and a newer view still offers "nothing": the seat owes another answer.
    // Only after a single answer: a seat that gave two already (the Boss's block and shot)
    // may still hold a view from before its second reached the hub, and a third input would
    // be one more than every other seat sends.
    if (g.phase === "night" && v.pass === "nothing" && p.outbox.pending === 0) {
      if (
        v.rev > this.answeredRev &&
        this.nightAnswers.step === night &&
        this.nightAnswers.n === 1
      ) {
        this.answeredRev = v.rev;
        this.nightAnswers.n += 1;
        if (this.sp.pass()) return true;
      }
    }
    return this.writer.write(this.room());
  }

  /**
   * Silent nights (issue 28), where the view counts the seat's own answers (`answers`): one
   * answer at a time, each only once the hub's view counts the one before (a view that left
   * the hub before it still says "nothing"), until `pass` says the seat owes nothing. The
   * offers in turn, each once; where the bot leaves one alone (the terrorist's attack) or
   * has none left, "nothing". So every living seat sends exactly what the hub asks of every
   * seat, whatever its offers: the forum holder's third offer, or the terrorist's none,
   * no longer set them apart.
   */
  private silentNight(step: string, answers: number, pass: string | null): boolean {
    const p = this.sp.paddle;
    if (this.night.step !== step) this.newNight(step);
    const n = this.night;
    // A refused answer (its error signal buzzes "long"; e.g. a target the terrorist's attack
    // just killed) counts as given (QUIET-REFUSED-01): the bot answers on with its next
    // offer or "nothing", never the same again. Answers it did not give itself (a person at
    // the keys, an input that waited out a lost link) count as its own.
    if (answers > n.sent) n.sent = answers;
    if (answers !== n.sent || p.outbox.pending > 0) return false;
    // A move the night waits for (hunt's shot, HUNT-MAF-02; the Doctor's heal, HUNT-DOC-02)
    // whose "nothing"s were counted and skipped nothing (QUIET-REQUIRED-01), `pass` now null:
    // the bot gives it if it has not this step, or again if its answer was refused.
    const refused = this.sp.hal.felt.lastIndexOf("long") >= n.felt;
    const prompt = p.view ? p.view.prompt : null;
    const owed = prompt !== null && prompt.required === true;
    if (pass === null && owed && prompt && (refused || !n.offers.includes(prompt.action))) {
      n.felt = this.sp.hal.felt.length;
      n.sent += 1;
      if (this.answer(prompt)) return true;
      n.sent -= 1;
      return false;
    }
    if (pass !== "nothing") return false;
    n.felt = this.sp.hal.felt.length;
    n.sent += 1;
    const offer = p.menu.offers.find((o) => !n.offers.includes(o.action));
    if (offer) {
      n.offers.push(offer.action);
      if (this.answer(offer)) return true;
    }
    if (this.sp.pass()) return true;
    n.sent -= 1;
    return false;
  }

  private newNight(step: string): void {
    this.night = { step, sent: 0, offers: [], felt: this.sp.hal.felt.length };
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

  private room(): PublicState | null {
    return this.o.room ? this.o.room() : null;
  }

  /** Answers one offered action (null: the menu only passes); false if it left it alone. */
  private answer(offer: Prompt | null): boolean {
    const g = this.sp.paddle.glance;
    const sent = this.answerOnce(offer);
    if (sent && g && g.phase === "night") {
      const step = `${g.round}|${g.step}`;
      // Every move the bot gave this step, however it came to it (silentNight reads them).
      if (offer && this.night.step === step && !this.night.offers.includes(offer.action))
        this.night.offers.push(offer.action);
      this.nightAnswers =
        this.nightAnswers.step === step ? { step, n: this.nightAnswers.n + 1 } : { step, n: 1 };
    }
    return sent;
  }

  private answerOnce(offer: Prompt | null): boolean {
    const sp = this.sp;
    const view = sp.paddle.view;
    this.answeredRev = view ? view.rev : this.answeredRev;
    const g = sp.paddle.glance;
    if (g && g.phase === "night") this.nightAnswered = `${g.round}|${g.step}`;
    if (!offer || !view) return sp.pass();
    const situation = { seat: sp.seat, view, room: this.room(), rand: this.o.rand };
    const move = tacticFor(offer, situation) ?? this.randomMove(offer);
    if (move === "skip" || !sp.openAction(offer.action)) return false;
    if (move === "pass") return sp.pass();
    const [first] = move.targets;
    if (move.targets.length > 1) return sp.pickAll(move.targets);
    if (first === undefined) return sp.pass();
    if (offer.options.length === 0) return sp.pick(first);
    if (move.option === null) return offer.optional ? sp.pickBare(first) : sp.pass();
    return sp.pickWithOption(first, move.option);
  }

  /** Any legal answer: a random target (or two), a random option or now and then "pass". */
  private randomMove(prompt: Prompt): Move | "pass" {
    const sp = this.sp;
    const view = sp.paddle.view;
    const others = prompt.targets.filter((t) => t !== sp.seat && !view?.allies.includes(t));
    const pool = others.length > 0 ? others : prompt.targets;
    if (prompt.action === "shoot") {
      // Every mafioso computes the same target from the same facts: the shot agrees.
      const sorted = [...pool].sort((a, b) => a - b);
      const round = sp.paddle.glance?.round ?? 0;
      return { targets: [sorted[(round * 3 + 1) % sorted.length] as number], option: null };
    }
    if (prompt.action === "nominate" && this.o.rand() >= (this.o.nominateChance ?? 0.3))
      return "pass";
    const shuffled = [...pool].sort(() => this.o.rand() - 0.5);
    const targets = shuffled.slice(0, Math.max(1, prompt.min));
    if (targets.length === 0) return "pass";
    if (prompt.options.length === 0) return { targets, option: null };
    if (this.o.rand() >= (this.o.optionChance ?? 0.5) && sp.canPass()) return "pass";
    const option = prompt.options[Math.floor(this.o.rand() * prompt.options.length)] as string;
    return { targets, option };
  }
}
