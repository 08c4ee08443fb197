/**
 * Issue 28, secrets in logs. FORUM-NEWS-06: a refused ad logged its author
 * (`{"event":"input.bad","seat":7,...}`) for each of 4 refusals (length, control character,
 * bidi character in the pseudonym, too large): whatever could be an ad is logged with no
 * seat. And `--log-format pretty` written to a file (not a terminal) wrote the display's
 * and the audience's pairing keys: only a terminal, or an explicit --print-pairing, gets them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnHub } from "../helpers/cli-process.js";
import {
  connectIdentity,
  endAll,
  Paddle,
  removeDir,
  startTestHub,
  type TestHub,
  tempDir,
  until,
} from "../helpers/hub.js";

let hub: TestHub;
let dir: string;
beforeAll(async () => {
  dir = await tempDir();
  hub = await startTestHub({ dataDir: dir });
});
afterAll(async () => {
  await hub.stop();
  await removeDir(dir);
});

describe("FORUM-NEWS-06: refused ads in the log", () => {
  it("length, control character, bidi in the pseudonym and too large: input.bad with no seat", async () => {
    const conn = await connectIdentity(hub, "seat/t1/7");
    const p = new Paddle(7, conn);
    try {
      await p.send("ad", { text: "a".repeat(301), pseudonym: "Raven" });
      await p.send("ad", { text: "bad\u0007bell", pseudonym: "Raven" });
      await p.send("ad", { text: "hello", pseudonym: "Ra\u202Even" });
      await p.send("ad", { text: "x".repeat(8000), pseudonym: "Raven" });
      // Not an ad: a paddle's own mistake keeps its seat for whoever mends the paddle.
      await p.send("vote", { target: "nobody" });
      await until(
        () => hub.records.filter((r) => r.event === "input.bad").length >= 5,
        10_000,
        "five input.bad lines",
      );
      const bad = hub.records.filter((r) => r.event === "input.bad");
      const ads = bad.slice(0, 4);
      expect(ads.map((r) => r.code)).toEqual([
        "bad_payload",
        "bad_payload",
        "bad_payload",
        "too_large",
      ]);
      for (const r of ads) expect(r.seat, JSON.stringify(r)).toBeNull();
      expect(bad[4]?.seat).toBe(7);
    } finally {
      await endAll(conn);
    }
  }, 30_000);
});

describe("pairing keys and --log-format pretty", () => {
  it("pretty logs to a file or pipe carry no display or audience key", async () => {
    const d = await tempDir();
    try {
      const ports = ["--mqtt-port", "0", "--http-port", "0"];
      const run = await spawnHub(["--data-dir", d, "--log-format", "pretty", ...ports]);
      const secrets = await run.secrets();
      run.proc.kill("SIGTERM");
      await run.exited;
      const log = run.stderr();
      expect(log).toMatch(/hub\.pairing|pairing/);
      for (const id of ["display/t1", "audience/t1"]) {
        const key = secrets[id] as string;
        expect(log).not.toContain(key);
        expect(log).not.toContain(encodeURIComponent(key));
      }
    } finally {
      await removeDir(d);
    }
  }, 60_000);
});
