/**
 * Keeps a screen on the newest view of each topic. On subscribe the broker sends a topic's
 * retained copy, and a newer view published meanwhile can reach the screen first: the older
 * copy must not replace it. Views carry `rev`, strictly increasing per topic (docs/PROTOCOL.md),
 * so a view is taken only when its `rev` is above the last one taken; a view without `rev`
 * and an empty payload (a cleared topic) are always taken. The paddle firmware does the same.
 */
export class NewestViews {
  private readonly revs = new Map<string, number>();

  /** Whether to take this payload of `topic`; remembers its `rev` if it is taken. */
  take(topic: string, json: unknown): boolean {
    const rev = typeof json === "object" && json !== null ? (json as { rev?: unknown }).rev : null;
    if (typeof rev !== "number") return true;
    const last = this.revs.get(topic);
    if (last !== undefined && rev <= last) return false;
    this.revs.set(topic, rev);
    return true;
  }

  /** After the link is lost: the next connection's views start afresh. */
  forget(): void {
    this.revs.clear();
  }
}
