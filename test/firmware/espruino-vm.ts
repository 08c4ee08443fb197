/**
 * Runs a built paddle bundle in a Node `vm` context that plays the Espruino globals the way
 * the interpreter built for Linux behaves (measured, ESPRUINO.md): pins D0..D32 exist, D33
 * throws `Invalid pin`; `net` and `tls` record the sockets the bundle opens and what it
 * writes on them. Timers never fire: only what the bundle does at boot is seen.
 */
import { runInNewContext } from "node:vm";

export interface SocketSeen {
  options: { host: string; port: number };
  /** Plays the socket being open (the module's connect callback). */
  onConnect: () => void;
  /** What the bundle wrote, one string a write (bytes as characters). */
  written: string[];
}

export interface EspruinoBoot {
  printed: string[];
  /** Plain sockets (`require("net")`) and TLS sockets (`require("tls")`) opened. */
  net: SocketSeen[];
  tls: SocketSeen[];
}

export function bootOnLinux(code: string): EspruinoBoot {
  const seen: EspruinoBoot = { printed: [], net: [], tls: [] };
  /** Returns 1 (a read level, a watch id) for a pin the build has; throws like Espruino otherwise. */
  const pin = (p: unknown): number => {
    const m = /^D(\d+)$/.exec(String(p));
    if (!m || Number(m[1]) > 32) throw new Error("Invalid pin!");
    return 1;
  };
  const socketModule = (into: SocketSeen[]) => ({
    connect(options: SocketSeen["options"], onConnect: () => void) {
      const written: string[] = [];
      into.push({ options, onConnect, written });
      return { write: (d: string) => written.push(d), end: () => undefined, on: () => undefined };
    },
  });
  const modules: Record<string, unknown> = {
    net: socketModule(seen.net),
    tls: socketModule(seen.tls),
    SSD1306: { connect: () => ({}) },
  };
  const globals = {
    console: { log: (s: unknown) => seen.printed.push(String(s)) },
    setTimeout: () => 0,
    clearTimeout: () => undefined,
    setWatch: (_cb: unknown, p: unknown) => pin(p),
    pinMode: (p: unknown) => pin(p),
    digitalRead: (p: unknown) => pin(p),
    digitalWrite: (p: unknown) => pin(p),
    // The Linux build has no ADC: it prints an error (no exception) and reads 0 (jshardware.c).
    analogRead: (p: unknown) => {
      pin(p);
      seen.printed.push("ERROR: Analog is not supported on this device.");
      return 0;
    },
    getTime: () => 1.5,
    E: { srand: () => undefined, hwRand: () => 7, setFlags: () => undefined },
    I2C1: { setup: () => undefined },
    require(name: string) {
      if (name in modules) return modules[name];
      throw new Error(`no module ${name}`);
    },
  };
  runInNewContext(code, globals);
  return seen;
}
