/** The permission matrix of PROTOCOL.md, written out by hand as the test oracle (table t1, seat 3). */

/** Every topic kind, for the own table (seat 3), another seat, and another table. */
export const TOPICS = [
  "mafia/v1/t1/seat/3/input",
  "mafia/v1/t1/seat/3/view",
  "mafia/v1/t1/seat/3/signal",
  "mafia/v1/t1/seat/3/text",
  "mafia/v1/t1/seat/4/input",
  "mafia/v1/t1/seat/4/view",
  "mafia/v1/t1/seat/4/signal",
  "mafia/v1/t1/seat/4/text",
  "mafia/v1/t1/public/state",
  "mafia/v1/t1/public/text",
  "mafia/v1/t1/public/log",
  "mafia/v1/t1/host/command",
  "mafia/v1/t1/host/reply",
  "mafia/v1/t1/host/view",
  "mafia/v1/t1/audience/state",
  "mafia/v1/t2/audience/state",
  "mafia/v1/t2/seat/3/input",
  "mafia/v1/t2/seat/3/view",
  "mafia/v1/t2/public/state",
  "mafia/v1/t2/host/command",
  "mafia/v1/t2/host/view",
];

export const WILDCARDS = [
  "#",
  "+/+/+/+/+",
  "mafia/#",
  "mafia/v1/#",
  "mafia/v1/+/public/#",
  "mafia/v1/+/public/state",
  "mafia/v1/t1/#",
  "mafia/v1/t1/+/state",
  "mafia/v1/t1/public/#",
  "mafia/v1/t1/public/+",
  "mafia/v1/t1/host/#",
  "mafia/v1/t1/host/+",
  "mafia/v1/t1/seat/#",
  "mafia/v1/t1/seat/+/view",
  "mafia/v1/t1/seat/3/#",
  "mafia/v1/t1/seat/3/+",
  "mafia/v1/t1/audience/#",
  "mafia/v1/t1/audience/+",
  "mafia/v1/+/audience/state",
  "mafia/v1/t2/audience/#",
  "mafia/v1/t2/public/#",
  "$SYS/#",
];

export const EXPECTED: Record<
  "seat" | "display" | "host" | "audience",
  { publish: string[]; subscribe: string[] }
> = {
  seat: {
    publish: ["mafia/v1/t1/seat/3/input"],
    subscribe: [
      "mafia/v1/t1/seat/3/view",
      "mafia/v1/t1/seat/3/signal",
      "mafia/v1/t1/seat/3/text",
      "mafia/v1/t1/public/state",
      "mafia/v1/t1/public/text",
      "mafia/v1/t1/public/log",
      "mafia/v1/t1/public/#",
      "mafia/v1/t1/public/+",
    ],
  },
  display: {
    publish: [],
    subscribe: [
      "mafia/v1/t1/public/state",
      "mafia/v1/t1/public/text",
      "mafia/v1/t1/public/log",
      "mafia/v1/t1/public/#",
      "mafia/v1/t1/public/+",
    ],
  },
  // SPORT-SETUP-05: the hall knows every role, so only the audience identity reads audience/#.
  audience: {
    publish: [],
    subscribe: [
      "mafia/v1/t1/public/state",
      "mafia/v1/t1/public/text",
      "mafia/v1/t1/public/log",
      "mafia/v1/t1/audience/state",
      "mafia/v1/t1/public/#",
      "mafia/v1/t1/public/+",
      "mafia/v1/t1/audience/#",
      "mafia/v1/t1/audience/+",
    ],
  },
  host: {
    publish: ["mafia/v1/t1/host/command"],
    subscribe: [
      "mafia/v1/t1/public/state",
      "mafia/v1/t1/public/text",
      "mafia/v1/t1/public/log",
      "mafia/v1/t1/host/command",
      "mafia/v1/t1/host/reply",
      "mafia/v1/t1/host/view",
      "mafia/v1/t1/public/#",
      "mafia/v1/t1/public/+",
      "mafia/v1/t1/host/#",
      "mafia/v1/t1/host/+",
    ],
  },
};
