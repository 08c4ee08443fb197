/**
 * A Node TCP socket shaped as the paddle's MQTT client wants it (mqtt-lite.ts): strings of
 * bytes, one character a byte (`latin1`), as Espruino's `net` gives them. The simulator's
 * device-like seats speak MQTT through the firmware's own client over it.
 */
import { connect } from "node:net";
import type { LiteSocket, SocketOpener } from "../firmware/mqtt-lite.js";

export const nodeSocketOpener: SocketOpener = (host, port, opened) => {
  const s = connect({ host, port }, opened);
  s.setEncoding("latin1");
  s.setNoDelay(true);
  // Espruino reports a failed connect as a close; so does this (the error is not thrown).
  s.on("error", () => undefined);
  const socket: LiteSocket = {
    write: (data: string) => {
      s.write(data, "latin1");
    },
    end: () => {
      s.end();
    },
    on: (event: "data" | "close", cb: (data: string) => void) => {
      if (event === "data") s.on("data", (d: string) => cb(d));
      else s.on("close", () => (cb as () => void)());
    },
  };
  return socket;
};
