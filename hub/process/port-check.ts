/**
 * Checks, before the hub writes anything (a new data dir, secrets, a journal), that the
 * ports it is told to listen on are free: a taken port then says which flag picks another,
 * instead of a raw `listen EADDRINUSE` after the data dir was made (issue 24).
 */
import { createServer } from "node:net";

export interface WantedPort {
  port: number;
  /** The flag that sets it, e.g. `--mqtt-port`. */
  flag: string;
  /** What listens there, for the message. */
  what: string;
}

/** Resolves null when the port can be listened on, else the error's code. */
function tryListen(port: number, host: string | undefined): Promise<string | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(null)));
  });
}

/** Throws a message naming every taken port and its flag; port 0 (pick one) is always free. */
export async function checkPortsFree(
  wanted: readonly WantedPort[],
  host: string | undefined,
): Promise<void> {
  const problems: string[] = [];
  const seen = new Map<number, string>();
  for (const w of wanted) {
    if (w.port === 0) continue;
    const twice = seen.get(w.port);
    if (twice) {
      problems.push(`${w.flag} ${w.port} is also ${twice}: give them different ports`);
      continue;
    }
    seen.set(w.port, w.flag);
    const code = await tryListen(w.port, host);
    if (code === "EADDRINUSE")
      problems.push(
        `port ${w.port} (${w.what}) is in use by another program: pick another with ${w.flag} N (0: any free port)`,
      );
    else if (code === "EACCES")
      problems.push(
        `port ${w.port} (${w.what}) needs more privileges: pick one above 1023 with ${w.flag} N`,
      );
    else if (code) problems.push(`port ${w.port} (${w.what}): ${code}`);
  }
  if (problems.length > 0) throw new Error(`${problems.join("; ")}. Nothing was written.`);
}
