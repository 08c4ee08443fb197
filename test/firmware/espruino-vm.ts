/**
 * Runs a built paddle bundle in a Node `vm` context that plays the Espruino globals the way
 * the interpreter built for Linux behaves (measured, ESPRUINO.md): pins D0..D32 exist, D33
 * throws `Invalid pin`; `MQTT` and `tls` record what the bundle asks of them. Timers never
 * fire: only what the bundle does at boot is seen.
 */
import { runInNewContext } from "node:vm";

export interface MqttSeen {
  host: string;
  options: { port: number; username: string };
  /** Arguments of each `connect` call: `[]` opens its own socket, `[socket]` uses that one. */
  connects: unknown[][];
}

export interface TlsSeen {
  options: { host: string; port: number };
  onConnect: () => void;
  socket: object;
}

export interface EspruinoBoot {
  printed: string[];
  mqtt: MqttSeen[];
  tls: TlsSeen[];
}

export function bootOnLinux(code: string): EspruinoBoot {
  const seen: EspruinoBoot = { printed: [], mqtt: [], tls: [] };
  /** Returns 1 (a read level, a watch id) for a pin the build has; throws like Espruino otherwise. */
  const pin = (p: unknown): number => {
    const m = /^D(\d+)$/.exec(String(p));
    if (!m || Number(m[1]) > 32) throw new Error("Invalid pin!");
    return 1;
  };
  const modules: Record<string, unknown> = {
    MQTT: {
      create(host: string, options: MqttSeen["options"]) {
        const client: MqttSeen = { host, options, connects: [] };
        seen.mqtt.push(client);
        return {
          on: () => undefined,
          connect: (...args: unknown[]) => client.connects.push(args),
        };
      },
    },
    tls: {
      connect(options: TlsSeen["options"], onConnect: () => void) {
        const socket = { end: () => undefined };
        seen.tls.push({ options, onConnect, socket });
        return socket;
      },
    },
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
