/**
 * The paddle's order of a cluster's hubs after a drop (firmware-sim/firmware/hub-order.ts,
 * issue 27): the hub that answered last first, a hub that failed to answer last; and its
 * ack watchdog longer than a hub's forward deadline, so a live hub answers first.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_TIMINGS } from "../../firmware-sim/firmware/config.js";
import { HubOrder } from "../../firmware-sim/firmware/hub-order.js";
import { FORWARD_DEADLINE_LEASES } from "../../hub/cluster/forward.js";
import { DEFAULT_LEASE_MS } from "../../hub/cluster/lease.js";
import { seatViewTopic } from "../../protocol/topics.js";
import { type FakeMqtt, fakePaddle, seatView } from "./fakes.js";

const SEAT = 2;
/** Hubs 0 (`hub:1883`, the settings' own), 1 and 2. */
const MORE = [
  { host: "hub-b", port: 1884 },
  { host: "hub-c", port: 1885 },
];

describe("HubOrder", () => {
  it("starts in list order, puts a hub that answered first and one that failed last", () => {
    const order = new HubOrder(3);
    expect(order.list()).toEqual([0, 1, 2]);
    order.answered(2);
    expect(order.list()).toEqual([2, 0, 1]);
    order.failed(2);
    expect(order.list()).toEqual([0, 1, 2]);
    order.failed(0);
    expect(order.first()).toBe(1);
  });

  it("with one hub is always that one", () => {
    const order = new HubOrder(1);
    order.failed(0);
    expect(order.first()).toBe(0);
  });
});

describe("a paddle with three hubs", () => {
  const cluster = () => {
    const p = fakePaddle(SEAT, 1, null, MORE);
    const current = () => p.made.at(-1) as FakeMqtt;
    const login = () => {
      current().connected();
      current().deliver(seatViewTopic("t1", SEAT), seatView(SEAT, 10));
    };
    const port = () => current().options.port;
    /** Until the backoff is over and the next attempt has its client (before its login watchdog). */
    const retry = () => {
      const clients = p.made.length;
      for (let t = 0; p.made.length === clients && t < DEFAULT_TIMINGS.backoffMaxMs; t += 10)
        p.clock.advance(10);
    };
    return { ...p, current, login, port, retry };
  };

  it("goes back first to the hub that answered last when the link is lost, and on to the next once it refuses", () => {
    const { login, port, current, retry, paddle } = cluster();
    login();
    expect(port()).toBe(1883);
    current().emit("disconnected"); // the hub dropped the paddle (or died)
    retry();
    expect(port()).toBe(1883); // it answered last: tried first
    current().emit("disconnected"); // refused: it is gone
    retry();
    expect(port()).toBe(1884);
    login();
    expect(paddle.linkState).toBe("up");
  });

  it("after an ack watchdog tries the other hubs before the one that did not answer", () => {
    const { login, port, retry, hal, clock, current } = cluster();
    login();
    current().emit("disconnected");
    retry();
    current().emit("disconnected"); // hub 0 refused
    retry();
    login(); // up on hub 1: order 1, 2, 0
    expect(port()).toBe(1884);
    hal.setThumb(true);
    clock.advance(50);
    clock.advance(DEFAULT_TIMINGS.ackTimeoutMs); // hub 1 frozen: no PUBACK
    retry();
    expect(port()).toBe(1885); // not the frozen hub 1, not hub 0 that refused last time
    login();
    // The input the frozen hub never acknowledged goes again, to hub 2.
    expect(current().inputs()).toContainEqual(
      expect.objectContaining({ kind: "thumb", down: true }),
    );
  });

  it("a PUBACK makes its hub the first to try", () => {
    const { login, port, retry, hal, clock, current } = cluster();
    current().emit("disconnected");
    retry();
    expect(port()).toBe(1884); // hub 0 never answered: the next
    login();
    hal.setThumb(true);
    clock.advance(50);
    current().puback(3);
    current().emit("disconnected");
    retry();
    expect(port()).toBe(1884);
  });
});

describe("the paddle's ack watchdog and the hub's forward deadline", () => {
  it("a paddle waits for its PUBACK longer than a hub waits for a table's owner", () => {
    expect(DEFAULT_TIMINGS.ackTimeoutMs).toBeGreaterThan(
      FORWARD_DEADLINE_LEASES * DEFAULT_LEASE_MS,
    );
  });
});
