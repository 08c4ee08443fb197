/**
 * The yardstick for `npm run bench`: a bare Aedes in its own process, like the hub, that
 * does what the hub does minus the game. For each input a client publishes it sends the
 * same messages the hub sent in answer (same topics, sizes, QoS and retain flags, from the
 * hub run's recording), so the same subscribers get the same fan-out. With a data dir it
 * first appends the input to a per-table file and fsyncs it, one input after the other,
 * as the hub's journal did before group commit, before answering and acknowledging.
 * Usage: relay-broker.ts SCRIPT.json [DATA_DIR]
 */
import { fdatasync, openSync, readFileSync, write } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { Aedes, type PublishPacket } from "aedes";
import { type RelayOut, type RelayScript, taggedPayload, tagOf } from "./traffic.js";

const [scriptPath, dataDir] = process.argv.slice(2);
const script = JSON.parse(readFileSync(scriptPath as string, "utf8")) as RelayScript;
const SINK = "$SYS/relay/consumed";

function publish(tag: string, outs: readonly RelayOut[]): void {
  for (const [topic, bytes, qos, retain] of outs) {
    const packet: PublishPacket = {
      cmd: "publish",
      topic,
      payload: taggedPayload(tag, bytes),
      qos,
      retain,
      dup: false,
    };
    broker.publish(packet, () => undefined);
  }
}

/** One file and one queue per table, as the hub's journals. */
const files = new Map<string, { fd: number; queue: Promise<void> }>();
function durably(table: string, line: Buffer): Promise<void> {
  let file = files.get(table);
  if (!file) {
    const fd = openSync(join(dataDir as string, `${table}.log`), "a");
    file = { fd, queue: Promise.resolve() };
    files.set(table, file);
  }
  const { fd } = file;
  file.queue = file.queue.then(
    () =>
      new Promise<void>((resolve, reject) =>
        write(fd, line, (err) => {
          if (err) reject(err);
          else fdatasync(fd, (e) => (e ? reject(e) : resolve()));
        }),
      ),
  );
  return file.queue;
}

const broker = await Aedes.createBroker({
  authorizePublish(client, packet, cb) {
    if (!client) return cb(null);
    const tag = tagOf(packet.payload as Buffer);
    const table = packet.topic.split("/")[2] ?? "";
    packet.topic = SINK;
    packet.retain = false;
    const answer = () => {
      publish(tag, script.afterInput[Number(tag)] ?? []);
      cb(null);
    };
    if (dataDir) durably(table, packet.payload as Buffer).then(answer, (err: Error) => cb(err));
    else answer();
  },
});
publish("pre", script.preamble);
const server = createServer(broker.handle);
server.listen({ port: 0, host: "127.0.0.1", backlog: 4096 }, () => {
  const address = server.address();
  if (address && typeof address === "object")
    process.stdout.write(`relay ready mqtt=${address.port}\n`);
});
process.on("SIGTERM", () => {
  server.close();
  broker.close(() => process.exit(0));
});
