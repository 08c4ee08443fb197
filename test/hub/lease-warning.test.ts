/** A cluster lease whose forward deadline reaches the paddles' PUBACK watchdog is told at start. */
import { describe, expect, it } from "vitest";
import { DEFAULT_TIMINGS } from "../../firmware-sim/firmware/config.js";
import { leaseWarning } from "../../hub/cli.js";
import { PADDLE_ACK_TIMEOUT_MS } from "../../protocol/index.js";

describe("--lease-ms against the paddles' PUBACK watchdog", () => {
  it("is the firmware's own default, declared once in protocol/", () => {
    expect(DEFAULT_TIMINGS.ackTimeoutMs).toBe(PADDLE_ACK_TIMEOUT_MS);
  });

  it("warns from a lease above 5,500 ms (two leases and a second's margin past 12 s), only with --cluster", () => {
    const cluster = "redis://127.0.0.1:6379";
    expect(leaseWarning({ cluster, leaseMs: 5_000 })).toBeNull();
    expect(leaseWarning({ cluster, leaseMs: 5_500 })).toBeNull();
    expect(leaseWarning({ cluster, leaseMs: 5_501 })).toContain(
      "raise the paddles' ackTimeoutMs to at least 12002",
    );
    expect(leaseWarning({ cluster, leaseMs: 8_000 })).toContain("use a lease of at most 5500 ms");
    expect(leaseWarning({ cluster: undefined, leaseMs: 60_000 })).toBeNull();
  });
});
