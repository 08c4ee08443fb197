/**
 * Which hub of a cluster a paddle tries after a drop: never first the hub it just lost, then
 * the others in the order they last answered it, a hub that failed it (dropped, refused, a
 * watchdog fired) after every one that did not. A plain rotation tried the next hub in the
 * list, often one killed or frozen before, and a paddle with an input in flight came back
 * only after a failed login and a longer backoff (21.9 s after a kill, issue 27).
 *
 * A lost link demotes its hub too. Keeping a hub that answered last first after it dropped
 * the paddle was tried: the simulator's transport (like a device's) does not report a
 * refused connection, so a paddle of a killed hub went back to it and waited out a doubled
 * login watchdog (10 s; bench/failover-gap.ts, 2026-12-05). Any live hub serves any table.
 */
export class HubOrder {
  /** Hub indexes, the one to try first at the front. */
  private readonly order: number[] = [];

  constructor(count: number) {
    for (let i = 0; i < Math.max(1, count); i++) this.order.push(i);
  }

  /** The hub to try now. */
  first(): number {
    return this.order[0] as number;
  }

  /** Hub `i` answered (the link came up on it, or it acknowledged an input). */
  answered(i: number): void {
    this.move(i, 0);
  }

  /** Hub `i` did not answer in time, or refused: every other hub goes before it. */
  failed(i: number): void {
    this.move(i, this.order.length - 1);
  }

  /** The current order, first to last (for tests and logs). */
  list(): number[] {
    return this.order.slice();
  }

  private move(i: number, to: number): void {
    const at = this.order.indexOf(i);
    if (at < 0 || at === to) return;
    this.order.splice(at, 1);
    this.order.splice(to, 0, i);
  }
}
