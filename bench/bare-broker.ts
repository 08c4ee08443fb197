/**
 * The yardstick for `npm run bench`: a bare Aedes broker that only relays, in its own
 * process like the hub, so that the two are measured the same way.
 */
import { createServer } from "node:net";
import { Aedes } from "aedes";

const broker = await Aedes.createBroker();
const server = createServer(broker.handle);
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (address && typeof address === "object")
    process.stdout.write(`bare ready mqtt=${address.port}\n`);
});
process.on("SIGTERM", () => {
  server.close();
  broker.close(() => process.exit(0));
});
