/** The topics a paddle or phone subscribes to (firmware-sim/firmware/paddle-wire.ts). */
import { describe, expect, it } from "vitest";
import { seatTopics } from "../../firmware-sim/firmware/paddle-wire.js";
import {
  publicRulesetsTopic,
  publicStateTopic,
  publicTextTopic,
  seatSignalTopic,
  seatTextTopic,
  seatViewTopic,
} from "../../protocol/topics.js";

describe("seat topics", () => {
  it("subscribes to a topic the phone names again among its extras only once (its retained message would come twice)", () => {
    // What the phone companion passes (web-display/src/seat/seat-session.ts).
    const extra = [publicTextTopic("t1"), publicStateTopic("t1"), publicRulesetsTopic("t1")];
    const { subscriptions } = seatTopics("t1", 4, true, extra);
    expect(subscriptions).toEqual([
      { topic: seatViewTopic("t1", 4), qos: 1 },
      { topic: seatSignalTopic("t1", 4), qos: 0 },
      { topic: publicStateTopic("t1"), qos: 1 },
      { topic: seatTextTopic("t1", 4), qos: 1 },
      { topic: publicTextTopic("t1"), qos: 1 },
      { topic: publicRulesetsTopic("t1"), qos: 1 },
    ]);
  });
});
