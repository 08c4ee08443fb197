/**
 * More connections accepted per turn of the event loop. Since libuv 1.45 (Node 20 has 1.46)
 * a listening socket accepts one connection per turn (libuv pull request 3696, nodejs/node
 * issue 57364): a hub busy with 200 tables takes a few hundred a second, and after a power
 * cut 2,400 paddles wait in the kernel's queue for it (docs/BENCHMARKS.md). Every descriptor
 * of the listening socket is watched on its own and accepts one connection per turn, so N
 * more descriptors take N more. Node 20 has neither dup() nor `reusePort` (22.12), so they
 * come the way Node's own cluster module shares a listening socket: over an IPC channel
 * (SCM_RIGHTS). A helper process is sent the socket once, sends it back N times, each
 * arriving as a new descriptor of the same socket, and exits. The helper never listens:
 * it gets the bare handle, so it can take no connection of the hub's.
 */
import { spawn } from "node:child_process";
import type { Server } from "node:net";

/** The helper: each handle it is sent goes back `count` times, then it leaves. */
const HELPER = `
process.on("message", (m, handle) => {
  if (!handle || typeof m?.count !== "number") return process.exit(2);
  let left = m.count;
  const sent = (err) => {
    if (err) return process.exit(3);
    if (--left === 0) { handle.close(); process.disconnect(); }
  };
  for (let i = 0; i < m.count; i++) process.send("copy", handle, sent);
});
`;

/**
 * The command line's default. Each copy costs a descriptor and, when a connection comes
 * alone, one accept() that finds nothing; 8 took 2,400 sockets in 5.3 s under 20 ms turns
 * where one descriptor took 294 (docs/BENCHMARKS.md).
 */
export const DEFAULT_ACCEPT_COPIES = 8;

/** How long the helper may take before the hub goes on with the copies it has. */
const HELPER_DEADLINE_MS = 10_000;

/** The listening handle, as `Server.listen(handle)` takes it ("anything with a _handle"). */
function handleOf(server: Server): object {
  const handle = (server as unknown as { _handle?: object | null })._handle;
  if (!handle) throw new Error("accept copies: the server is not listening");
  return handle;
}

/**
 * `count` more servers on `listening`'s socket, each made by `make` (so each has the
 * original's connection handler) and listening with `backlog`. Resolves with those that
 * came, fewer if the helper fails (the reason goes to `onProblem`); never rejects, since
 * the original still takes every connection, one per turn. Close them with the original.
 */
export function acceptCopies(
  listening: Server,
  count: number,
  make: () => Server,
  backlog: number,
  onProblem: (reason: string) => void = () => undefined,
): Promise<Server[]> {
  if (count <= 0 || process.platform === "win32") return Promise.resolve([]);
  const copies: Server[] = [];
  return new Promise((resolvePromise) => {
    let done = false;
    const finish = (problem: string | null) => {
      if (done) return;
      done = true;
      clearTimeout(deadline);
      if (problem) onProblem(`${problem} (${copies.length} of ${count} copies)`);
      if (helper.connected) helper.disconnect();
      resolvePromise(copies);
    };
    // A bare node: the hub's own flags (a loader, a profiler) are not the helper's.
    const helper = spawn(process.execPath, ["-e", HELPER], {
      stdio: ["ignore", "ignore", "ignore", "ipc"],
      env: { ...process.env, NODE_OPTIONS: "" },
    });
    const deadline = setTimeout(() => {
      helper.kill();
      finish("the helper took too long");
    }, HELPER_DEADLINE_MS);
    deadline.unref();
    helper.on("error", (err) => finish(`the helper did not start: ${err.message}`));
    helper.on("message", (m, handle) => {
      if (m !== "copy" || !handle) return;
      // A copy that comes too late would keep the port open after the hub closes it.
      if (done) return (handle as unknown as { close(): void }).close();
      const copy = make();
      copy.listen(handle, backlog);
      copies.push(copy);
    });
    // Done only once the helper is gone and its channel drained: until then its own
    // descriptor keeps the socket listening (a port the hub has closed would still complete
    // handshakes), and a copy may still be on its way.
    helper.on("close", (code) => {
      if (code !== 0) finish(`the helper exited with ${code}`);
      else finish(copies.length === count ? null : "the helper left early");
    });
    try {
      helper.send({ count }, handleOf(listening) as never);
    } catch (err) {
      helper.kill();
      finish(`the socket could not be sent: ${(err as Error).message}`);
    }
  });
}
