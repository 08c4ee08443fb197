/**
 * Aedes's in-memory persistence with its retained messages in a tree of topic levels.
 *
 * aedes-persistence 11 answers every SUBSCRIBE by testing each of its subscriptions against
 * every retained message of the broker (a fresh Qlobber per pattern). A hub keeps about 30
 * retained views per table, so with 200 tables a paddle's subscribe tested 6,000 topics, and
 * 2,400 paddles connecting at once after a power cut spent 44% of the hub's CPU in
 * Qlobber's word splitting (profile in docs/BENCHMARKS.md): connects queued past the
 * paddles' login watchdog and turned into a reconnect loop. Here a subscription walks the
 * tree to the topics it matches, so its cost follows what it receives, not the broker's size.
 *
 * Everything else (sessions, subscriptions, QoS 1 bookkeeping) stays aedes-persistence's own.
 */
import { createRequire } from "node:module";
import { Readable } from "node:stream";
import type { AedesPersistence, CallbackError } from "aedes-persistence";

/** A CommonJS module whose export is the factory itself (its types declare it otherwise). */
const memoryPersistence = createRequire(import.meta.url)(
  "aedes-persistence",
) as () => AedesPersistence;

/** What Aedes stores as retained: a publish packet. */
interface Packet {
  cmd?: string;
  topic: string;
  payload: Buffer | string;
  qos?: number;
}

interface Level {
  children: Map<string, Level>;
  packet: Packet | null;
}

const level = (): Level => ({ children: new Map(), packet: null });

/** Retained messages by topic level; matching follows MQTT 3.1.1 section 4.7. */
export class RetainedTree {
  private readonly root = level();

  /** Stores a retained message; an empty payload removes the topic's message. */
  store(packet: Packet): void {
    const words = packet.topic.split("/");
    if (packet.payload.length === 0) {
      this.remove(this.root, words, 0);
      return;
    }
    let node = this.root;
    for (const w of words) {
      let next = node.children.get(w);
      if (!next) {
        next = level();
        node.children.set(w, next);
      }
      node = next;
    }
    node.packet = { ...packet };
  }

  /** Removes a topic's message and the levels left empty; true if `node` is now empty. */
  private remove(node: Level, words: string[], i: number): boolean {
    if (i === words.length) node.packet = null;
    else {
      const w = words[i] as string;
      const child = node.children.get(w);
      if (child && this.remove(child, words, i + 1)) node.children.delete(w);
    }
    return node.packet === null && node.children.size === 0;
  }

  /** The retained message of one topic (no wildcards), or null. */
  get(topic: string): Packet | null {
    let node: Level | undefined = this.root;
    for (const w of topic.split("/")) {
      node = node.children.get(w);
      if (!node) return null;
    }
    return node.packet;
  }

  /**
   * The retained messages a subscription with this filter receives, each read from its
   * topic when Aedes sends it rather than when the stream buffers it: a SUBSCRIBE's stream
   * reads up to 16 messages ahead, and a view published meanwhile went to the new subscriber
   * live first, then its older retained copy after it (52 of 200 subscribers in a loopback
   * run with 20 retained topics ahead of the view), so a console joining mid-game kept
   * showing the stale view.
   */
  *match(pattern: string): Generator<Packet> {
    for (const node of this.walk(this.root, pattern.split("/"), 0))
      yield sentAsCurrent(this, node, node.packet as Packet);
  }

  private *walk(node: Level, words: string[], i: number): Generator<Level> {
    if (i === words.length) {
      if (node.packet) yield node;
      return;
    }
    const w = words[i] as string;
    // A filter starting with a wildcard does not match topics starting with '$' (4.7.2).
    const visible = ([name]: [string, Level]) => i > 0 || !name.startsWith("$");
    if (w === "#") {
      // 'a/#' matches 'a' itself and everything below it (4.7.1.2).
      if (node.packet && i > 0) yield node;
      for (const [, child] of [...node.children].filter(visible)) yield* this.all(child);
    } else if (w === "+") {
      // Like the broker's own routing (Qlobber), '+' takes no empty level.
      for (const [, child] of [...node.children].filter((c) => visible(c) && c[0] !== ""))
        yield* this.walk(child, words, i + 1);
    } else {
      const child = node.children.get(w);
      if (child) yield* this.walk(child, words, i + 1);
    }
  }

  private *all(node: Level): Generator<Level> {
    if (node.packet) yield node;
    for (const child of node.children.values()) yield* this.all(child);
  }
}

/**
 * A retained message whose fields are those of its topic's message when read (Aedes reads
 * them as it sends). A topic cleared in between is sent with an empty payload, as a clear
 * is sent live: the client's copy is then cleared, not left with the older message.
 */
function sentAsCurrent(tree: RetainedTree, node: Level, found: Packet): Packet {
  const now = () => node.packet ?? tree.get(found.topic) ?? { ...found, payload: Buffer.alloc(0) };
  return Object.defineProperties({} as Packet, {
    cmd: { get: () => now().cmd, enumerable: true },
    topic: { get: () => now().topic, enumerable: true },
    payload: { get: () => now().payload, enumerable: true },
    qos: { get: () => now().qos, enumerable: true },
  });
}

/** aedes-persistence in memory, answering retained lookups from a RetainedTree. */
export function indexedMemoryPersistence(): AedesPersistence {
  const persistence = memoryPersistence();
  const tree = new RetainedTree();
  // The tree is the only store of retained messages: only the two lookups below read them.
  // Aedes awaits the promise; the callback form is aedes-persistence's other interface.
  const storeRetained = (packet: Packet, cb?: (error: CallbackError) => void) => {
    tree.store(packet);
    if (cb) process.nextTick(cb, null);
    return Promise.resolve();
  };
  persistence.storeRetained = storeRetained as unknown as AedesPersistence["storeRetained"];

  persistence.createRetainedStream = (pattern) => Readable.from(tree.match(pattern));
  persistence.createRetainedStreamCombi = (patterns) =>
    Readable.from(
      (function* () {
        for (const p of patterns) yield* tree.match(p);
      })(),
    );
  return persistence;
}
