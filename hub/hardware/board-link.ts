/**
 * One Firmata board through johnny-five, kept connected: open the transport, let
 * firmata-io do its handshake (version, capabilities, analog mapping), wrap it in a
 * johnny-five Board, and say `ready`. A board that is unplugged, unreachable or silent is
 * logged and retried with doubling backoff (1 s to 30 s, with jitter); the game goes on
 * without it, and each new connection is a fresh Board whose components the owner builds
 * again on `ready`.
 */
import { EventEmitter } from "node:events";
import { createRequire } from "node:module";
import type * as Five from "johnny-five";
import type { Logger } from "../process/logger.js";
import type { BoardSpec } from "./config.js";
import { type FirmataTransport, openTransport } from "./transport.js";

const require = createRequire(import.meta.url);

export type JohnnyFive = typeof Five;
/** johnny-five, loaded on first use (a hub without boards never pays for it). */
export function johnnyFive(): JohnnyFive {
  return require("johnny-five") as JohnnyFive;
}

type FirmataIo = EventEmitter & {
  isReady: boolean;
  versionReceived: boolean;
  transport: FirmataTransport;
  reportVersion(cb: () => void): void;
  queryFirmware(cb: () => void): void;
};
type FirmataCtor = new (transport: FirmataTransport, opts: Record<string, unknown>) => FirmataIo;

export interface BackoffTimings {
  minMs: number;
  maxMs: number;
  /** How long a connected board may take to finish the Firmata handshake. */
  handshakeMs: number;
}

export const DEFAULT_BACKOFF: BackoffTimings = { minMs: 1000, maxMs: 30_000, handshakeMs: 10_000 };

export interface BoardLinkEvents {
  ready: [board: Five.Board];
  lost: [];
}

export class BoardLink extends EventEmitter<BoardLinkEvents> {
  /** The connected board, or null while it is away. */
  board: Five.Board | null = null;
  attempts = 0;
  connections = 0;
  private transport: FirmataTransport | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly log: Logger;

  constructor(
    readonly spec: BoardSpec,
    log: Logger,
    private readonly timings: BackoffTimings = DEFAULT_BACKOFF,
  ) {
    super();
    this.log = log.child({ part: "board", board: spec.id });
  }

  start(): void {
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.drop();
  }

  private connect(): void {
    if (this.stopped) return;
    const five = johnnyFive();
    const Firmata = (require("firmata-io") as { Firmata: FirmataCtor }).Firmata;
    const transport = openTransport(this.spec.transport);
    this.transport = transport;
    let settled = false;
    const fail = (why: string) => {
      if (settled || this.transport !== transport) return;
      settled = true;
      const wasUp = this.board !== null;
      this.drop();
      if (wasUp) {
        this.log.warn({ event: "board.lost", why }, "board lost; the game goes on without it");
        this.emit("lost");
      }
      this.retry(why);
    };
    transport.on("error", (err: Error) => fail(err.message));
    transport.on("close", () => fail("closed"));
    // A board on TCP is not reset by the connection and may never announce its version: ask soon.
    const io = new Firmata(transport, { reportVersionTimeout: 500 });
    const serial = this.spec.transport.type === "serial";
    let silent = 0;
    const onHandshakeTimeout = () => {
      // A serial board that has not said its version yet is waited for on the open port, not
      // reopened: an Uno resets when its port opens and StandardFirmata blinks its version
      // for about 2 s of its own time before it answers (longer in wall time on a loaded
      // machine running it in simavr), so reopening on a clock would restart its boot again
      // and again. Unplugged, its port closes (transport.ts) and the link retries as usual.
      if (serial && !io.versionReceived) {
        silent += 1;
        this.log.warn({ event: "board.silent", waitedMs: silent * this.timings.handshakeMs });
        io.reportVersion(() => undefined);
        io.queryFirmware(() => undefined);
        handshake = setTimeout(onHandshakeTimeout, this.timings.handshakeMs);
        return;
      }
      fail("no Firmata handshake");
    };
    let handshake = setTimeout(onHandshakeTimeout, this.timings.handshakeMs);
    transport.once("close", () => clearTimeout(handshake));
    // Once it has said its version, the rest of the handshake has its own full time.
    io.once("reportversion", () => {
      if (!serial) return;
      clearTimeout(handshake);
      handshake = setTimeout(onHandshakeTimeout, this.timings.handshakeMs);
    });
    io.on("error", (err: Error) => fail(err.message));
    const board = new five.Board({
      io,
      repl: false,
      debug: false,
      // johnny-five would otherwise own SIGINT and exit the hub itself.
      sigint: false,
      timeout: this.timings.handshakeMs,
    } as Five.BoardOption);
    board.on("error", (err: Error) => {
      // johnny-five's own connection clock, started when the port opens: a serial board is
      // timed by the handshake above instead (it may still be booting).
      if (serial && err.message.startsWith("A timeout occurred while connecting")) return;
      fail(err.message);
    });
    board.on("ready", () => {
      clearTimeout(handshake);
      if (this.transport !== transport) return;
      this.board = board;
      this.attempts = 0;
      this.connections += 1;
      this.log.info({ event: "board.ready", connections: this.connections }, "board ready");
      this.emit("ready", board);
    });
  }

  private retry(why: string): void {
    if (this.stopped) return;
    const t = this.timings;
    const base = Math.min(t.maxMs, t.minMs * 2 ** this.attempts);
    const delay = Math.floor(base * (0.5 + Math.random() * 0.5));
    this.attempts += 1;
    this.log.warn(
      { event: "board.unreachable", why, attempt: this.attempts, retryInMs: delay },
      "board unreachable; retrying",
    );
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect();
    }, delay);
  }

  private drop(): void {
    const transport = this.transport;
    this.transport = null;
    this.board = null;
    transport?.destroy();
  }
}
