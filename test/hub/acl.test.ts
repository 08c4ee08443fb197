/**
 * The permission table of PROTOCOL.md, as a pure function: every identity × every topic
 * kind × publish/subscribe, for its own seat and table, another seat, another table, and
 * wildcards. The expectations are written out here, not derived from hub/mqtt/acl.ts.
 */
import { describe, expect, it } from "vitest";
import {
  filterCovers,
  isValidFilter,
  mayPublish,
  mayReceive,
  maySubscribe,
  topicMatches,
} from "../../hub/mqtt/acl.js";
import type { Identity } from "../../protocol/index.js";
import { EXPECTED, TOPICS, WILDCARDS } from "../helpers/acl-matrix.js";

const seat3: Identity = { role: "seat", table: "t1", seat: 3 };
const display: Identity = { role: "display", table: "t1", seat: null };
const host: Identity = { role: "host", table: "t1", seat: null };

const IDS = { seat: seat3, display, host } as const;

describe("permission table (pure)", () => {
  for (const [role, id] of Object.entries(IDS) as [keyof typeof IDS, Identity][]) {
    for (const topic of TOPICS) {
      const pub = EXPECTED[role].publish.includes(topic);
      it(`${role} ${pub ? "may" : "may not"} publish ${topic}`, () => {
        expect(mayPublish(id, topic)).toBe(pub);
      });
    }
    for (const filter of [...TOPICS, ...WILDCARDS]) {
      const sub = EXPECTED[role].subscribe.includes(filter);
      it(`${role} ${sub ? "may" : "may not"} subscribe ${filter}`, () => {
        expect(maySubscribe(id, filter)).toBe(sub);
      });
    }
    it(`${role} receives only what it may subscribe to`, () => {
      for (const topic of TOPICS) {
        expect(mayReceive(id, topic), topic).toBe(EXPECTED[role].subscribe.includes(topic));
      }
      expect(mayReceive(id, "$SYS/mafia-hub/consumed")).toBe(false);
    });
  }

  it("wildcards may not be published to", () => {
    expect(mayPublish(seat3, "mafia/v1/t1/seat/+/input")).toBe(false);
    expect(mayPublish(host, "mafia/v1/t1/host/#")).toBe(false);
  });
});

describe("topic filters", () => {
  it("matches as MQTT 3.1.1 §4.7 says", () => {
    expect(topicMatches("a/#", "a")).toBe(true);
    expect(topicMatches("a/#", "a/b/c")).toBe(true);
    expect(topicMatches("a/+", "a/b/c")).toBe(false);
    expect(topicMatches("+/b", "a/b")).toBe(true);
    expect(topicMatches("#", "$SYS/x")).toBe(false);
    expect(topicMatches("a/b", "a/b/")).toBe(false);
  });

  it("containment never lets a wider filter through", () => {
    expect(filterCovers("a/b/#", "a/b")).toBe(true);
    expect(filterCovers("a/b/#", "a/b/+/c")).toBe(true);
    expect(filterCovers("a/b/#", "a/#")).toBe(false);
    expect(filterCovers("a/b/#", "a/+/c")).toBe(false);
    expect(filterCovers("a/b/c", "a/b/+")).toBe(false);
    expect(filterCovers("a/b/c", "a/b/c/#")).toBe(false);
  });

  it("rejects malformed filters", () => {
    expect(isValidFilter("a/#/b")).toBe(false);
    expect(isValidFilter("a/b#")).toBe(false);
    expect(isValidFilter("a/+b")).toBe(false);
    expect(isValidFilter("")).toBe(false);
    expect(maySubscribe(seat3, "mafia/v1/t1/public/st+")).toBe(false);
  });
});
