import { describe, expect, it } from "vitest";
import {
  DEFAULT_TABLE,
  displayUsername,
  hostCommandTopic,
  hostFilter,
  hostReplyTopic,
  hostUsername,
  hostViewTopic,
  isSeatNumber,
  isTableId,
  MAX_SEATS,
  type ParsedTopic,
  PROTOCOL_PREFIX,
  parseTopic,
  parseUsername,
  publicFilter,
  publicGlanceTopic,
  publicLogTopic,
  publicRulesetsTopic,
  publicStateTopic,
  publicTextTopic,
  seatInputTopic,
  seatSignalTopic,
  seatTextTopic,
  seatUsername,
  seatViewTopic,
  type TopicKind,
  tableRoot,
} from "../../protocol/index.js";

const MAX_TABLE = "a".repeat(32);
const EDGE_TABLES = [
  "t1",
  "a",
  "0",
  "-",
  "---",
  "a-b-c",
  "z9",
  MAX_TABLE,
  "0123456789-abcdefghijklmnopqrstu",
];
const BAD_TABLES = [
  "",
  "a".repeat(33),
  "T1",
  "t_1",
  "t.1",
  "t 1",
  "t/1",
  "+",
  "#",
  "ä",
  "t1\n",
  " t1",
];

const SEAT_BUILDERS: [TopicKind, (table: string, seat: number) => string, string][] = [
  ["seat.input", seatInputTopic, "input"],
  ["seat.view", seatViewTopic, "view"],
  ["seat.signal", seatSignalTopic, "signal"],
  ["seat.text", seatTextTopic, "text"],
];

const TABLE_BUILDERS: [TopicKind, (table: string) => string, string][] = [
  ["public.state", publicStateTopic, "public/state"],
  ["public.glance", publicGlanceTopic, "public/glance"],
  ["public.log", publicLogTopic, "public/log"],
  ["public.text", publicTextTopic, "public/text"],
  ["public.rulesets", publicRulesetsTopic, "public/rulesets"],
  ["host.command", hostCommandTopic, "host/command"],
  ["host.reply", hostReplyTopic, "host/reply"],
  ["host.view", hostViewTopic, "host/view"],
];

describe("constants", () => {
  it("match the contract", () => {
    expect(PROTOCOL_PREFIX).toBe("mafia/v1");
    expect(MAX_SEATS).toBe(20);
    expect(DEFAULT_TABLE).toBe("t1");
    expect(isTableId(DEFAULT_TABLE)).toBe(true);
  });
});

describe("topic builders", () => {
  it("build the exact strings of the contract", () => {
    expect(tableRoot("t1")).toBe("mafia/v1/t1");
    expect(seatInputTopic("t1", 4)).toBe("mafia/v1/t1/seat/4/input");
    expect(seatViewTopic("t1", 4)).toBe("mafia/v1/t1/seat/4/view");
    expect(seatSignalTopic("t1", 4)).toBe("mafia/v1/t1/seat/4/signal");
    expect(publicStateTopic("t1")).toBe("mafia/v1/t1/public/state");
    expect(publicLogTopic("t1")).toBe("mafia/v1/t1/public/log");
    expect(publicFilter("t1")).toBe("mafia/v1/t1/public/#");
    expect(hostCommandTopic("t1")).toBe("mafia/v1/t1/host/command");
    expect(hostReplyTopic("t1")).toBe("mafia/v1/t1/host/reply");
    expect(hostViewTopic("t1")).toBe("mafia/v1/t1/host/view");
    expect(hostFilter("t1")).toBe("mafia/v1/t1/host/#");
  });

  it("cover all twelve topic kinds of seats and tables", () => {
    const kinds = new Set([...SEAT_BUILDERS, ...TABLE_BUILDERS].map((b) => b[0]));
    expect(kinds.size).toBe(12);
  });
});

describe("parseTopic round trip", () => {
  for (const [kind, build, leaf] of SEAT_BUILDERS) {
    it(`parses ${kind} for every seat 1..20 on edge-case tables`, () => {
      for (const table of EDGE_TABLES) {
        for (let seat = 1; seat <= MAX_SEATS; seat++) {
          const topic = build(table, seat);
          expect(topic).toBe(`mafia/v1/${table}/seat/${seat}/${leaf}`);
          expect(parseTopic(topic)).toEqual<ParsedTopic>({ table, kind, seat });
        }
      }
    });
  }

  for (const [kind, build, tail] of TABLE_BUILDERS) {
    it(`parses ${kind} on edge-case tables`, () => {
      for (const table of EDGE_TABLES) {
        const topic = build(table);
        expect(topic).toBe(`mafia/v1/${table}/${tail}`);
        expect(parseTopic(topic)).toEqual<ParsedTopic>({ table, kind, seat: null });
      }
    });
  }

  it("rejects every topic kind on tables outside [a-z0-9-]{1,32}", () => {
    for (const table of BAD_TABLES) {
      for (const [, build] of SEAT_BUILDERS) expect(parseTopic(build(table, 1))).toBeNull();
      for (const [, build] of TABLE_BUILDERS) expect(parseTopic(build(table))).toBeNull();
    }
  });
});

describe("parseTopic seat numbers", () => {
  it.each([
    "0",
    "21",
    "01",
    "1.5",
    "-1",
    "99",
    "100",
    "",
    " 1",
    "1 ",
    "1e1",
    "0x1",
    "+1",
    "١",
    "one",
    "+",
    "#",
  ])("rejects seat %j on every seat topic", (seat) => {
    for (const leaf of ["input", "view", "signal"]) {
      expect(parseTopic(`mafia/v1/t1/seat/${seat}/${leaf}`)).toBeNull();
    }
  });

  it("accepts 1 and 20 as the edges", () => {
    expect(parseTopic("mafia/v1/t1/seat/1/input")?.seat).toBe(1);
    expect(parseTopic("mafia/v1/t1/seat/20/input")?.seat).toBe(20);
  });
});

describe("parseTopic structure", () => {
  it.each([
    "",
    "mafia",
    "mafia/v1",
    "mafia/v1/t1",
    "mafia/v1/t1/seat",
    "mafia/v1/t1/seat/1",
    "mafia/v1/t1/seat/1/input/x",
    "mafia/v1/t1/seat/1/input/",
    "mafia/v1/t1/public",
    "mafia/v1/t1/public/state/x",
    "mafia/v1/t1/public/state/",
    "mafia/v1/t1/host",
    "mafia/v1/t1/host/command/x",
    "mafia/v1/t1/host/command/",
    "/mafia/v1/t1/public/state",
    "mafia//t1/public/state",
    "mafia/v1//public/state",
    "mafia/v2/t1/public/state",
    "Mafia/v1/t1/public/state",
    "mafia/V1/t1/public/state",
    "other/v1/t1/public/state",
    "mafia/v1/t1/seat/1/Input",
    "mafia/v1/t1/seat/1/command",
    "mafia/v1/t1/public/view",
    "mafia/v1/t1/public/input",
    "mafia/v1/t1/host/state",
    "mafia/v1/t1/host/input",
    "mafia/v1/t1/seats/1/input",
    "mafia/v1/t1/display/state",
    "mafia/v1/t1/x/state",
    "mafia/v1/t1/seat/state",
    "mafia/v1/t1/public/1/state",
    "mafia/v1/t1/host/1/command",
  ])("rejects %j", (topic) => {
    expect(parseTopic(topic)).toBeNull();
  });
});

describe("parseTopic wildcards", () => {
  it("never parses the subscription filters as concrete topics", () => {
    expect(parseTopic(publicFilter("t1"))).toBeNull();
    expect(parseTopic(hostFilter("t1"))).toBeNull();
  });

  it("never parses + or # at any level", () => {
    const concrete = [
      ...SEAT_BUILDERS.map(([, build]) => build("t1", 7)),
      ...TABLE_BUILDERS.map(([, build]) => build("t1")),
    ];
    for (const topic of concrete) {
      expect(parseTopic(topic)).not.toBeNull();
      const levels = topic.split("/");
      for (let i = 0; i < levels.length; i++) {
        for (const wildcard of ["+", "#"]) {
          const replaced = levels.slice();
          replaced[i] = wildcard;
          expect(parseTopic(replaced.join("/"))).toBeNull();
          const truncated = levels.slice(0, i);
          truncated.push(wildcard);
          expect(parseTopic(truncated.join("/"))).toBeNull();
        }
      }
    }
  });

  it.each([
    "#",
    "+",
    "mafia/#",
    "mafia/v1/#",
    "mafia/v1/+/public/state",
    "mafia/v1/t1/seat/+/input",
    "mafia/v1/t1/seat/#",
    "mafia/v1/t1/+/state",
    "mafia/v1/t1/public/+",
    "mafia/v1/t1/host/+",
    "mafia/v1/t1/seat/1/+",
    "mafia/v1/t1/seat/1/#",
    "mafia/v1/t+/public/state",
    "mafia/v1/t#/public/state",
  ])("rejects the filter %j", (topic) => {
    expect(parseTopic(topic)).toBeNull();
  });
});

describe("isTableId and isSeatNumber", () => {
  it("accept exactly [a-z0-9-]{1,32}", () => {
    for (const t of EDGE_TABLES) expect(isTableId(t)).toBe(true);
    for (const t of BAD_TABLES) expect(isTableId(t)).toBe(false);
  });

  it("accept integer seats 1..20 by default", () => {
    for (let s = 1; s <= 20; s++) expect(isSeatNumber(s)).toBe(true);
    for (const s of [0, 21, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, -0.5, 20.0001]) {
      expect(isSeatNumber(s)).toBe(false);
    }
  });

  it("honour a smaller seat count", () => {
    expect(isSeatNumber(10, 10)).toBe(true);
    expect(isSeatNumber(11, 10)).toBe(false);
    expect(isSeatNumber(1, 0)).toBe(false);
  });
});

describe("usernames", () => {
  it("format the identities of the contract", () => {
    expect(seatUsername("t1", 4)).toBe("seat/t1/4");
    expect(displayUsername("t1")).toBe("display/t1");
    expect(hostUsername("t1")).toBe("host/t1");
  });

  it("round trip seat usernames for seats 1..20 on edge-case tables", () => {
    for (const table of EDGE_TABLES) {
      for (let seat = 1; seat <= MAX_SEATS; seat++) {
        expect(parseUsername(seatUsername(table, seat))).toEqual({ role: "seat", table, seat });
      }
    }
  });

  it("round trip display and host usernames on edge-case tables", () => {
    for (const table of EDGE_TABLES) {
      expect(parseUsername(displayUsername(table))).toEqual({ role: "display", table, seat: null });
      expect(parseUsername(hostUsername(table))).toEqual({ role: "host", table, seat: null });
    }
  });

  it("reject usernames on bad tables", () => {
    for (const table of BAD_TABLES) {
      expect(parseUsername(seatUsername(table, 1))).toBeNull();
      expect(parseUsername(displayUsername(table))).toBeNull();
      expect(parseUsername(hostUsername(table))).toBeNull();
    }
  });

  it.each([
    "",
    "seat",
    "seat/",
    "seat/t1",
    "seat/t1/",
    "seat/t1/0",
    "seat/t1/21",
    "seat/t1/01",
    "seat/t1/1.5",
    "seat/t1/-1",
    "seat/t1/+",
    "seat/t1/#",
    "seat/t1/1/",
    "seat/t1/1/input",
    "seat//1",
    "Seat/t1/1",
    "display",
    "display/",
    "display/t1/",
    "display/t1/1",
    "Display/t1",
    "host",
    "host/",
    "host/t1/",
    "host/t1/1",
    "HOST/t1",
    "admin/t1",
    "t1",
    "/host/t1",
    "mafia/v1/t1",
    "display/+",
    "host/#",
  ])("reject %j", (username) => {
    expect(parseUsername(username)).toBeNull();
  });
});
