/**
 * A forum table over the real broker for the attack tests: host, display, audience and
 * every seat connected as the identities the contract names, each keeping everything it
 * received, and ways to cut the streams into segments between two known messages.
 */
import {
  type Connected,
  type HostConsole,
  type HubFixture,
  Paddle,
  type Received,
} from "../helpers/hub.js";

export const T = "t1";

export interface Offer {
  action: string;
  targets: number[];
  min: number;
  max: number;
  options: string[];
}
export interface SeatViewJson {
  seat: number;
  role: string | null;
  alive: boolean;
  offers?: Offer[];
  prompt: Offer | null;
  results: { night: number; key: string; seats: number[] }[];
  stir: number;
  blindfold: boolean;
}
export interface HostViewJson {
  phase: string;
  step: string;
  round: number;
  seats: { seat: number; role: string | null; alive: boolean }[];
  flow: Record<string, unknown>;
  public: { phase: string; round: number };
}

export const topic = (rest: string) => `mafia/v1/${T}/${rest}`;

export class WireForum {
  readonly paddles = new Map<number, Paddle>();
  hostConn!: Connected;
  display!: Connected;
  audience!: Connected;

  constructor(
    readonly fx: HubFixture,
    readonly seats: number,
  ) {}

  async connect(host: (c: Connected) => HostConsole): Promise<HostConsole> {
    this.hostConn = await this.fx.connect(`host/${T}`);
    await this.hostConn.client.subscribeAsync(topic("host/#"), { qos: 1 });
    this.display = await this.fx.connect(`display/${T}`);
    await this.display.client.subscribeAsync(topic("public/#"), { qos: 1 });
    this.audience = await this.fx.connect(`audience/${T}`);
    await this.audience.client.subscribeAsync([topic("audience/#"), topic("public/#")], { qos: 1 });
    for (let seat = 1; seat <= this.seats; seat++) {
      const conn = await this.fx.connect(`seat/${T}/${seat}`);
      await conn.client.subscribeAsync(
        [
          topic(`seat/${seat}/view`),
          topic(`seat/${seat}/signal`),
          topic(`seat/${seat}/text`),
          topic("public/#"),
        ],
        { qos: 1 },
      );
      this.paddles.set(seat, new Paddle(seat, conn, T));
    }
    return host(this.hostConn);
  }

  paddle(seat: number): Paddle {
    return this.paddles.get(seat) as Paddle;
  }

  hostView(where: (v: HostViewJson) => boolean): Promise<HostViewJson> {
    return this.hostConn.inbox.next<HostViewJson>(topic("host/view"), where, {
      past: true,
      timeout: 10_000,
    });
  }

  /** The seat's current view once it satisfies `where` (the latest one, or the next that does). */
  view(seat: number, where: (v: SeatViewJson) => boolean): Promise<SeatViewJson> {
    return current(this.paddle(seat).conn, topic(`seat/${seat}/view`), where);
  }

  /** Every client with a name, for marks and segments. */
  clients(): [string, Connected][] {
    return [
      ["display", this.display],
      ["audience", this.audience],
      ...[...this.paddles].map(([n, p]) => [`seat ${n}`, p.conn] as [string, Connected]),
    ];
  }

  /** How many messages each client has received so far. */
  mark(): Map<Connected, number> {
    return new Map(this.clients().map(([, c]) => [c, c.inbox.all.length]));
  }
}

/** The latest message on a topic if it satisfies `where`, else the next one that does. */
export function current<J>(c: Connected, t: string, where: (j: J) => boolean): Promise<J> {
  const latest = c.inbox.latest(t);
  if (latest && latest.json !== undefined && where(latest.json as J))
    return Promise.resolve(latest.json as J);
  return c.inbox.next<J>(t, where, { timeout: 10_000 });
}

/** The messages a client received after `mark` on topics matching `where`. */
export function since(
  c: Connected,
  mark: Map<Connected, number>,
  where: (m: Received) => boolean = () => true,
): Received[] {
  return c.inbox.all.slice(mark.get(c) ?? 0).filter(where);
}
