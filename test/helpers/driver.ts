/**
 * Drives a sport game only through MQTT: it reads the host view and does the one next
 * thing a well-behaved table would do (the host ends night steps with `next`, speakers
 * pass, the first town speaker of a day nominates a mafioso, everyone votes by thumb,
 * the mafia shoots a civilian). Each action waits for the view it causes, so the game is
 * deterministic whatever the deal, and every applied input is remembered for the crash
 * tests ("every acknowledged input intact").
 */
import type { Connected, HostConsole, Paddle } from "./hub.js";

interface SeatV {
  seat: number;
  alive: boolean;
  role: string | null;
  team: string | null;
  thumbDown: boolean | null;
  online: boolean;
}

export interface HostViewJson {
  rev: number;
  phase: string;
  step: string;
  round: number;
  speaker: number | null;
  paused: boolean;
  nominations: number[];
  winner: string | null;
  seats: SeatV[];
  flow: { night?: { shots?: Record<string, number[]> } | null };
  [k: string]: unknown;
}

export type Applied = { seat: number; boot: string; seq: number } | { host: string };

const VOTE_STEPS = ["vote", "revote", "leavevote"];
const SHOOTERS = ["mafia", "don"];

export class SportDriver {
  readonly applied: Applied[] = [];
  actions = 0;

  constructor(
    public host: HostConsole,
    /** Connected host client subscribed to host/view. */
    public hostConn: Connected,
    public paddles: Map<number, Paddle>,
    readonly table = "t1",
  ) {}

  get viewTopic(): string {
    return `mafia/v1/${this.table}/host/view`;
  }

  latest(): HostViewJson {
    const m = this.hostConn.inbox.latest(this.viewTopic);
    if (!m) throw new Error("no host view yet");
    return m.json as HostViewJson;
  }

  /** Waits for a view newer than `rev` (and, if given, one that `also` accepts). */
  async after(rev: number, also: (v: HostViewJson) => boolean = () => true): Promise<HostViewJson> {
    return this.hostConn.inbox.next<HostViewJson>(this.viewTopic, (v) => v.rev > rev && also(v), {
      past: true,
      timeout: 5000,
    });
  }

  private async seat(
    n: number,
    kind: string,
    fields: Record<string, unknown>,
    rev: number,
  ): Promise<void> {
    const p = this.paddles.get(n);
    if (!p) throw new Error(`no paddle for seat ${n}`);
    const topic = `mafia/v1/${this.table}/seat/${n}/signal`;
    const refused = p.conn.inbox.next<{ error?: string }>(topic, (x) => x.error !== undefined, {
      timeout: 6000,
    });
    refused.catch(() => undefined);
    const seq = await p.send(kind, fields);
    const outcome = await Promise.race([
      this.after(rev).then(() => null),
      refused.then((x) => x.error),
    ]);
    if (outcome) throw new Error(`seat ${n} ${kind} ${JSON.stringify(fields)} refused: ${outcome}`);
    this.applied.push({ seat: n, boot: p.boot, seq });
  }

  private async command(cmd: string, fields: Record<string, unknown> = {}): Promise<void> {
    const reply = await this.host.command(cmd, fields);
    if (!reply.ok) throw new Error(`host ${cmd} refused: ${reply.error} ${reply.message}`);
    this.applied.push({ host: reply.id });
  }

  /** Does one action; returns false once the game has a winner. */
  async step(): Promise<boolean> {
    const v = this.latest();
    if (v.phase === "ended") return false;
    this.actions += 1;
    if (v.phase === "setup") {
      await this.command("start");
      // Not just a newer view: one from a hello acknowledged before the start can still
      // arrive after its reply (two hubs route them differently), and start would go twice.
      await this.after(v.rev, (view) => view.phase !== "setup");
      return true;
    }
    const living = v.seats.filter((s) => s.alive);
    const voting = v.phase === "day" && VOTE_STEPS.includes(v.step);
    if (!voting) {
      const raised = living.find((s) => s.thumbDown === true);
      if (raised) {
        await this.seat(raised.seat, "thumb", { down: false }, v.rev);
        return true;
      }
    }
    if (v.phase === "night") {
      if (v.step === "mafia" && v.round > 0) {
        const shots = v.flow.night?.shots ?? {};
        const shooter = living.find(
          (s) => SHOOTERS.includes(s.role ?? "") && !shots[String(s.seat)],
        );
        const target = living.find((s) => s.role === "civilian");
        if (shooter && target) {
          await this.seat(shooter.seat, "act", { action: "shoot", targets: [target.seat] }, v.rev);
          return true;
        }
      }
      await this.command("next");
      await this.after(v.rev);
      return true;
    }
    if (voting) {
      const up = living.find((s) => s.thumbDown !== true);
      if (up) {
        await this.seat(up.seat, "thumb", { down: true }, v.rev);
        return true;
      }
      await this.command("next");
      await this.after(v.rev);
      return true;
    }
    if (v.speaker !== null) {
      const speaker = v.seats[v.speaker - 1] as SeatV;
      const mafioso = living.find((s) => s.team === "mafia" && s.seat !== speaker.seat);
      if (
        v.step === "speech" &&
        v.round > 0 &&
        v.nominations.length === 0 &&
        speaker.team === "town" &&
        mafioso
      ) {
        await this.seat(
          speaker.seat,
          "act",
          { action: "nominate", targets: [mafioso.seat] },
          v.rev,
        );
        return true;
      }
      await this.seat(speaker.seat, "pass", {}, v.rev);
      return true;
    }
    await this.command("next");
    await this.after(v.rev);
    return true;
  }

  /** Plays until the end or until `limit` actions have been taken. */
  async play(limit = 1000): Promise<void> {
    for (let i = 0; i < limit; i++) if (!(await this.step())) return;
  }
}
