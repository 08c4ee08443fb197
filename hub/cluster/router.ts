/**
 * What the broker of a cluster hub hands a table's inputs to: the table itself while this
 * hub owns it (holds its lease), else the forwarder to whichever hub does. A non-owner never
 * steps a table. It also keeps this hub's own connection count per seat, so that a new owner
 * learns who is connected here (the `hello` a hub sends when it takes a table).
 */
import type { TableEndpoint } from "../mqtt/broker.js";
import type { Table } from "../table/table.js";
import type { Forwarded, Forwarder } from "./forward.js";

export class TableRouter implements TableEndpoint {
  /** The table while this hub owns it. */
  local: Table | null = null;
  private readonly counts = new Map<number, number>();

  constructor(
    readonly id: string,
    private readonly fwd: Forwarder,
    private readonly now: () => number,
  ) {}

  seatInput(seat: number, payload: Buffer, at: number): Promise<void> {
    if (this.local) return this.local.seatInput(seat, payload, at);
    return this.fwd.send(this.id, { kind: "seat", seat, payload: payload.toString("base64") });
  }

  hostCommand(payload: Buffer, at: number): Promise<void> {
    if (this.local) return this.local.hostCommand(payload, at);
    return this.fwd.send(this.id, { kind: "host", payload: payload.toString("base64") });
  }

  connection(seat: number, opened: boolean): void {
    this.counts.set(seat, Math.max(0, (this.counts.get(seat) ?? 0) + (opened ? 1 : -1)));
    if (this.local) this.local.connection(seat, opened);
    else this.fwd.tell(this.id, { kind: "conn", seat, opened });
  }

  /** Tells the owner (this hub's own table, or another's) every seat connected here. */
  announce(): void {
    for (const [seat, count] of this.counts) {
      for (let i = 0; i < count; i++) {
        if (this.local) this.local.connection(seat, true);
        else this.fwd.tell(this.id, { kind: "conn", seat, opened: true });
      }
    }
  }

  /** A message forwarded by another hub; null when this hub does not own the table. */
  receive(msg: Forwarded): Promise<void> | null {
    if (msg.kind === "hello") {
      if (!this.local) this.announce();
      return null;
    }
    const table = this.local;
    if (!table) return null;
    if (msg.kind === "conn") {
      table.connection(msg.seat, msg.opened);
      return Promise.resolve();
    }
    const payload = Buffer.from(msg.payload, "base64");
    if (msg.kind === "seat") return table.seatInput(msg.seat, payload, this.now());
    return table.hostCommand(payload, this.now());
  }
}
