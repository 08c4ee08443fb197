/**
 * Who is connected as which seat, and on what: the hub's own record of seat connections,
 * published retained on `host/devices` for the host console ("seat 4: phone"), and the
 * list of live connections that a revoked pairing closes. A phone is told from a paddle
 * by its client id (protocol/devices.ts); both are the same seat identity with the same
 * permissions, so this record is for the host's eyes and for closing, never for deciding.
 */
import type { Client } from "aedes";
import {
  type DeviceList,
  deviceOf,
  hostDevicesTopic,
  type Identity,
  MAX_SEATS,
} from "../../protocol/index.js";
import type { OutMessage } from "../table/outbox.js";

type SeatIdentity = Extract<Identity, { role: "seat" }>;

export class SeatDevices {
  /** table → seat → the live connections of that seat identity. */
  private readonly byTable = new Map<string, Map<number, Set<Client>>>();

  constructor(private readonly publish: (msg: OutMessage) => Promise<void>) {}

  opened(client: Client, id: SeatIdentity): void {
    const seats = this.seatsOf(id.table);
    const set = seats.get(id.seat) ?? new Set<Client>();
    set.add(client);
    seats.set(id.seat, set);
    this.announce(id.table);
  }

  closed(client: Client, id: SeatIdentity): void {
    const set = this.seatsOf(id.table).get(id.seat);
    if (!set?.delete(client)) return;
    if (set.size === 0) this.seatsOf(id.table).delete(id.seat);
    this.announce(id.table);
  }

  /** Closes every connection of one seat identity (a revoked pairing); returns how many. */
  closeSeat(table: string, seat: number): number {
    const set = this.seatsOf(table).get(seat);
    if (!set) return 0;
    const clients = [...set];
    for (const c of clients) c.close();
    return clients.length;
  }

  list(table: string): DeviceList {
    const seats = [...this.seatsOf(table)]
      .map(([seat, set]) => {
        let phones = 0;
        for (const c of set) if (deviceOf(c.id) === "phone") phones += 1;
        return { seat, phones, paddles: set.size - phones };
      })
      .filter((s) => s.seat >= 1 && s.seat <= MAX_SEATS)
      .sort((a, b) => a.seat - b.seat);
    return { table, seats };
  }

  /** The retained message a table starts with (nobody connected yet). */
  announce(table: string): void {
    const payload = JSON.stringify(this.list(table));
    this.publish({ topic: hostDevicesTopic(table), payload, qos: 1, retain: true }).catch(
      () => undefined, // a closing broker; the next change publishes again
    );
  }

  private seatsOf(table: string): Map<number, Set<Client>> {
    let seats = this.byTable.get(table);
    if (!seats) {
      seats = new Map();
      this.byTable.set(table, seats);
    }
    return seats;
  }
}
