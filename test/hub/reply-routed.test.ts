/**
 * A host command is acknowledged only once its reply is routed (issue 27: "host replies
 * never arrived for commands that were acknowledged"). In a cluster a reply handed to the
 * broker first waits on Redis, and the PUBACK (or the forward's answer) sent at once
 * overtook it; an owner killed in between left the console with a PUBACK and no reply.
 * Here the broker's routing of `host/reply` is held back by the test: the command's promise
 * (its PUBACK) must wait for it.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../hub/process/logger.js";
import type { OutMessage } from "../../hub/table/outbox.js";
import { Table } from "../../hub/table/table.js";
import { removeDir, tempDir, until } from "../helpers/hub.js";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe("a host command's PUBACK", () => {
  it("waits until its reply is routed by the broker", async () => {
    const dir = await tempDir("hub-reply-routed-");
    cleanups.push(() => removeDir(dir));
    const held: { msg: OutMessage; route: () => void }[] = [];
    const table = new Table({
      id: "t1",
      dataDir: dir,
      log: createMemoryLogger().logger,
      publish: (msg) =>
        msg.topic.endsWith("/host/reply")
          ? new Promise<void>((route) => held.push({ msg, route }))
          : Promise.resolve(),
      now: () => 1_000_000,
      defaults: { ruleset: "sport", seats: 10 },
    });
    await table.open();
    cleanups.push(async () => {
      for (const h of held) h.route();
      await table.close();
    });
    let acked = false;
    const command = table
      .hostCommand(Buffer.from(JSON.stringify({ id: "c1", cmd: "start" })), 1_000_000)
      .then(() => {
        acked = true;
      });
    await until(() => held.length > 0, 10_000, "the reply to be told");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(held.map((h) => JSON.parse(h.msg.payload).id)).toEqual(["c1"]); // told, not routed
    expect(acked).toBe(false);
    for (const h of held) h.route();
    await command;
    expect(acked).toBe(true);
  });
});
