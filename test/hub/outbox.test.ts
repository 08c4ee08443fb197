/**
 * The table's one output path (hub/table/outbox.ts) keeps one rule: nothing is told before the
 * journal says every record so far is durable, and what was said is told in order. Pure: a
 * hand-held `durable` promise stands for the journal, a list for the broker.
 */
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { type OutMessage, TableOutbox } from "../../hub/table/outbox.js";

function gate() {
  let open: () => void = () => undefined;
  let fail: (e: Error) => void = () => undefined;
  const promise = new Promise<void>((res, rej) => {
    open = res;
    fail = rej;
  });
  promise.catch(() => undefined);
  return { promise, open, fail };
}

function outbox() {
  const sent: OutMessage[] = [];
  let write = gate();
  const out = new TableOutbox({
    table: "t1",
    publish: async (m) => {
      sent.push(m);
    },
    log: pino({ level: "silent" }),
    durable: () => write.promise,
  });
  return {
    out,
    sent,
    write: () => write,
    nextWrite: () => {
      write = gate();
    },
  };
}

describe("the table's one output path", () => {
  it("tells nothing, the ruleset list included, before the record is durable; then all in order", async () => {
    const { out, sent, write } = outbox();
    out.rulesets();
    out.logEntry({ seq: 1, at: 0, key: "log.night", seats: [], params: {} });
    out.signal(2, { haptic: "short" });
    const acked = out.after();
    out.reply({ id: "c1", ok: true });
    await new Promise((r) => setTimeout(r, 5));
    expect(sent).toEqual([]);
    write().open();
    await acked;
    await out.flush();
    expect(sent.map((m) => m.topic.split("/t1/")[1])).toEqual([
      "host/rulesets",
      "public/rulesets",
      "public/log",
      "seat/2/signal",
      "host/reply",
    ]);
  });

  it("tells nothing said after a failed write, and rejects the PUBACK's promise", async () => {
    const { out, sent, write } = outbox();
    let told = false;
    out.reply({ id: "c1", ok: true }, () => {
      told = true;
    });
    const acked = out.after();
    write().fail(new Error("disk full"));
    await expect(acked).rejects.toThrow("disk full");
    await out.flush();
    expect(told).toBe(false);
    expect(sent).toEqual([]);
  });

  it("a later write waits for the earlier one: order holds across writes", async () => {
    const { out, sent, write, nextWrite } = outbox();
    const first = write();
    out.reply({ id: "a", ok: true });
    nextWrite();
    const second = write();
    out.reply({ id: "b", ok: true });
    second.open();
    await new Promise((r) => setTimeout(r, 5));
    expect(sent).toEqual([]);
    first.open();
    await out.flush();
    expect(sent.map((m) => JSON.parse(m.payload).id)).toEqual(["a", "b"]);
  });

  it("builds and tells the undo list once per write to the disk: the newest said for that write", async () => {
    const { out, sent, write, nextWrite } = outbox();
    const built: number[] = [];
    const list = (n: number) => () => {
      built.push(n);
      return [{ n, at: 0, input: { type: "host" as const, action: { cmd: "next" as const } } }];
    };
    out.undoable(list(1));
    out.undoable(list(2));
    write().open();
    nextWrite();
    out.undoable(list(3));
    await new Promise((r) => setTimeout(r, 5));
    expect(built).toEqual([2]); // the third waits for its own write
    write().open();
    await out.after();
    await out.flush();
    expect(built).toEqual([2, 3]);
    expect(sent.filter((m) => m.topic.endsWith("host/undoable")).length).toBe(2);
  });
});
