/**
 * Which hub of a cluster a paddle tries after a drop: the one that answered it last, then
 * the others, a hub that failed to answer (a watchdog fired, the connection was refused)
 * last of all. A plain rotation tried the next hub in the list, often the one just killed
 * or frozen, and a paddle with an input in flight came back only after a failed login and a
 * longer backoff (21.9 s after a kill, issue 27). A lost link alone does not demote a hub:
 * a live hub that drops a paddle (its forwarded input found no owner in time) is the right
 * one to go back to, and a dead one refuses the next connection at once.
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
