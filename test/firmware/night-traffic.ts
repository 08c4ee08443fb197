/**
 * What crosses the broker for each seat during each night of a simulated game, as a
 * listener on the wire would count it: the seat's inputs (kind and size) and the messages
 * to it (its view, signals and texts, by size). The silent-nights tests compare these
 * across roles (issue 28: a seat's traffic must not depend on its role, bots included).
 */
import type { AedesPublishPacket, Client } from "aedes";
import type { Hub } from "../../hub/server.js";

interface NightState {
  phase: string;
  round: number;
  seats: { seat: number; alive: boolean }[];
}

export interface NightTraffic {
  /** Night round → seat → what crossed for it (`in:256`, `out:view:2048`). */
  readonly nights: Map<number, Map<number, string[]>>;
  /** Night round → seat → its inputs as `kind:bytes` (what the test knows, the wire does not). */
  readonly inputs: Map<number, Map<number, string[]>>;
  /** Night round → seats alive from its first public state to its last. */
  readonly living: Map<number, Set<number>>;
  /** Night round → seat → the error codes of its refused inputs (the wire shows a signal). */
  readonly refused: Map<number, Map<number, string[]>>;
  /** Night round → the keys of the public log entries during it (`terror.attack`). */
  readonly logged: Map<number, string[]>;
  /** The night the game ended in, if it did (no dawn: the end state came instead). */
  endedIn: number | null;
}

const parseState = (payload: Buffer | string): NightState | null => {
  try {
    const v = JSON.parse(payload.toString()) as NightState | null;
    return v && typeof v === "object" && Array.isArray(v.seats) ? v : null;
  } catch {
    return null;
  }
};

/** What a paddle sends once a connection is up, whatever its role (paddle.ts `start`). */
const LOGIN_KINDS = new Set(["hello", "thumb", "blindfold"]);

/** Starts listening on the hub's broker; the returned record fills as the game runs. */
export function recordNightTraffic(hub: Hub, table: string): NightTraffic {
  const nights = new Map<number, Map<number, string[]>>();
  const inputs = new Map<number, Map<number, string[]>>();
  const living = new Map<number, Set<number>>();
  const refused = new Map<number, Map<number, string[]>>();
  const logged = new Map<number, string[]>();
  let night: number | null = null;
  const seatTopic = new RegExp(`^mafia/v1/${table}/seat/(\\d+)/(view|signal|text)$`);
  const sender = new RegExp(`^(?:paddle|phone)-${table}-(\\d+)-`);
  const note = (into: Map<number, Map<number, string[]>>, seat: number, what: string) => {
    if (night === null) return;
    const bySeat = into.get(night) ?? new Map<number, string[]>();
    into.set(night, bySeat);
    bySeat.set(seat, [...(bySeat.get(seat) ?? []), what]);
  };
  const loggedIn = new Map<string, Set<string>>();
  /** Whether this input is one of the connection's login reports (each kind once). */
  const loginReport = (clientId: string, kind: string): boolean => {
    const seen = loggedIn.get(clientId) ?? new Set<string>();
    loggedIn.set(clientId, seen);
    if (!LOGIN_KINDS.has(kind) || seen.has(kind)) return false;
    seen.add(kind);
    return true;
  };
  const record: NightTraffic = { nights, inputs, living, refused, logged, endedIn: null };
  hub.broker.aedes.on("publish", (packet: AedesPublishPacket, client: Client | null) => {
    if (packet.topic === `mafia/v1/${table}/public/state` && !client) {
      const s = parseState(packet.payload);
      if (!s) return;
      const alive = new Set(s.seats.filter((x) => x.alive).map((x) => x.seat));
      if (s.phase === "ended" && night !== null) record.endedIn = night;
      if (s.phase !== "night") night = null;
      else if (night !== s.round) {
        night = s.round;
        living.set(night, alive);
      } else {
        const was = living.get(night) ?? new Set<number>();
        living.set(night, new Set([...was].filter((x) => alive.has(x))));
      }
      return;
    }
    const from = client ? sender.exec(client.id) : null;
    if (from) {
      const kind = /"kind":"(\w+)"/.exec(packet.payload.toString())?.[1];
      // A connection's login (its hello and the sensors' power-up levels, sent once up) is
      // the device's, alike for every role: a paddle that came up late under load sent it
      // in the first night (sim-hunt in CI), which is not what these tests compare.
      if (client && kind && loginReport(client.id, kind)) return;
      // The kind is not on the wire (TLS hides it); the size is.
      note(nights, Number(from[1]), `in:${packet.payload.length}`);
      note(inputs, Number(from[1]), `${kind}:${packet.payload.length}`);
      return;
    }
    if (packet.topic === `mafia/v1/${table}/public/log` && !client && night !== null) {
      const key = /"key":"([\w.]+)"/.exec(packet.payload.toString())?.[1];
      if (key) logged.set(night, [...(logged.get(night) ?? []), key]);
      return;
    }
    const to = client ? null : seatTopic.exec(packet.topic);
    if (!to) return;
    note(nights, Number(to[1]), `out:${to[2]}:${packet.payload.length}`);
    const error = to[2] === "signal" ? /"error":"(\w+)"/.exec(packet.payload.toString()) : null;
    if (error) note(refused, Number(to[1]), error[1] as string);
  });
  return record;
}

/**
 * Per night, the living seats whose traffic differs from the first living seat's, with
 * their roles: empty when every role's traffic is alike. `roles`: seat → role (the end
 * state reveals them). `only`: compare just the entries it matches (e.g. inputs and
 * signals, not texts).
 */
export function unlikeNights(
  t: NightTraffic,
  roles: Record<string, string>,
  only: RegExp = /./,
): string[] {
  const out: string[] = [];
  for (const [round, bySeat] of t.nights) {
    const seats = [...(t.living.get(round) ?? [])].sort((a, b) => a - b);
    const show = (seat: number) =>
      (bySeat.get(seat) ?? [])
        .filter((x) => only.test(x))
        .sort()
        .join(" ");
    const [first] = seats;
    if (first === undefined) continue;
    for (const seat of seats.slice(1))
      if (show(seat) !== show(first))
        out.push(
          `night ${round}: seat ${seat} (${roles[seat]}) [${show(seat)}] vs seat ${first} (${roles[first]}) [${show(first)}]`,
        );
  }
  return out;
}

/**
 * Per night and role, what each living seat of that role sent and got, as sorted
 * `in:bytes` and `out:signal:bytes` lists: `night 1 boss: in:256 in:256 ...`. A listener
 * sees the sizes; the roles are what the test knows. A refused answer is in it like any
 * (QUIET-REFUSED-01: it is the seat's answer, its error signal one of its signals).
 */
export function inputsAndSignalsByRole(
  t: NightTraffic,
  roles: Record<string, string>,
): Map<string, Set<string>> {
  const byRole = new Map<string, Set<string>>();
  for (const [round, bySeat] of t.nights)
    for (const seat of t.living.get(round) ?? []) {
      const seen = (bySeat.get(seat) ?? []).filter((x) => /^(in:|out:signal:)/.test(x)).sort();
      const role = roles[seat] ?? "?";
      byRole.set(role, (byRole.get(role) ?? new Set()).add(`night ${round}: ${seen.join(" ")}`));
    }
  return byRole;
}
