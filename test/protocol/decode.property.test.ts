import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Decoded,
  type DecodeError,
  decode,
  ERROR_MESSAGES,
  encode,
  HOST_COMMANDS,
  hostCommandSchema,
  hostCommandTopic,
  INPUT_KINDS,
  isErrorCode,
  MAX_SEATS,
  publicStateTopic,
  seatInputSchema,
  seatInputTopic,
  seatViewTopic,
} from "../../protocol/index.js";
import { VALID_COMMANDS, VALID_INPUTS } from "./fixtures.js";

const RUNS = 10_000;

/** The only codes decode() itself produces; everything else belongs to the hub. */
const DECODE_CODES = new Set([
  "too_large",
  "bad_utf8",
  "bad_json",
  "bad_topic",
  "bad_payload",
  "unknown_kind",
  "unknown_command",
]);

const tableArb = fc.stringMatching(/^[a-z0-9-]{1,32}$/);
const seatArb = fc.integer({ min: 1, max: MAX_SEATS });

const ADVERSARIAL_KEYS = [
  "__proto__",
  "constructor",
  "toString",
  "valueOf",
  "toJSON",
  "hasOwnProperty",
];
const KNOWN_KEYS = [
  ...new Set([
    ...Object.values(VALID_INPUTS).flatMap((m) => Object.keys(m)),
    ...Object.values(VALID_COMMANDS).flatMap((m) => Object.keys(m)),
    "cause",
    "lang",
    "name",
  ]),
];
const keyArb = fc.oneof(
  fc.constantFrom(...KNOWN_KEYS, ...ADVERSARIAL_KEYS),
  fc.string({ maxLength: 8 }),
);

/** An object built with own properties only, so that "__proto__" stays an ordinary key. */
function ownObject(entries: [string, unknown][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) {
    Object.defineProperty(out, k, {
      value: v,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

const nastyValueArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom<unknown>(
    0,
    -1,
    1,
    1.5,
    20,
    21,
    2 ** 31 - 1,
    2 ** 31,
    2 ** 53,
    1e308,
    -0,
    "",
    " ",
    "9f3a01c2",
    "00000000",
    "9F3A01C2",
    true,
    false,
    null,
    [],
    {},
    [0],
    [21],
    [1, 2, 3],
    ["thumb"],
    "sport",
    "ru",
    ...INPUT_KINDS,
    ...HOST_COMMANDS,
  ),
  fc.constant(ownObject([["toString", 1]])),
  fc.constant(
    ownObject([
      ["toString", 1],
      ["valueOf", 1],
    ]),
  ),
  fc.constant(ownObject([["__proto__", { polluted: true }]])),
  fc.integer({ min: -3, max: 25 }),
  fc.array(fc.integer({ min: -2, max: 22 }), { maxLength: 25 }),
  fc.string({ maxLength: 40 }),
  fc.array(
    fc.record({ seat: fc.integer({ min: -1, max: 22 }), name: fc.string({ maxLength: 34 }) }),
    { maxLength: 22 },
  ),
);

type Mutation =
  | { op: "delete"; key: string }
  | { op: "set"; key: string; value: unknown }
  | { op: "seat"; index: number; key: string; value: unknown };

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant("delete" as const), key: keyArb }),
  fc.record({ op: fc.constant("set" as const), key: keyArb, value: nastyValueArb }),
  fc.record({
    op: fc.constant("seat" as const),
    index: fc.nat(2),
    key: keyArb,
    value: nastyValueArb,
  }),
);

function mutate(base: Record<string, unknown>, mutations: Mutation[]): Record<string, unknown> {
  const entries = new Map<string, unknown>(Object.entries(structuredClone(base)));
  for (const m of mutations) {
    if (m.op === "delete") entries.delete(m.key);
    else if (m.op === "set") entries.set(m.key, m.value);
    else {
      const seats = entries.get("seats");
      if (Array.isArray(seats) && seats[m.index] && typeof seats[m.index] === "object") {
        const seat = new Map<string, unknown>(Object.entries(seats[m.index]));
        seat.set(m.key, m.value);
        seats[m.index] = ownObject([...seat]);
      }
    }
  }
  return ownObject([...entries]);
}

const BASES = [...Object.values(VALID_INPUTS), ...Object.values(VALID_COMMANDS)];
const mutatedArb = fc
  .tuple(fc.constantFrom(...BASES), fc.array(mutationArb, { maxLength: 4 }))
  .map(([base, mutations]) => JSON.stringify(mutate(base, mutations)));

const loneSurrogateStringArb = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  maxLength: 64,
});

/** A JSON text turned into bytes and damaged in one of several ways. */
const damagedArb = fc
  .tuple(mutatedArb, fc.nat(), fc.integer({ min: 0, max: 255 }), fc.nat(4))
  .map(([text, at, byte, how]) => {
    const b = Buffer.from(text);
    const i = b.length === 0 ? 0 : at % b.length;
    if (how === 0) return b.subarray(0, i); // truncated
    if (how === 1) return Buffer.concat([b.subarray(0, i), Buffer.from([byte]), b.subarray(i)]); // inserted
    if (how === 2) {
      const c = Buffer.from(b);
      c[i] = byte; // overwritten
      return c;
    }
    if (how === 3) return Buffer.concat([b, Buffer.alloc(1024, 0x20)]); // padded past the limit
    return new Uint8Array(b); // intact, as a plain Uint8Array
  });

const payloadArb: fc.Arbitrary<Uint8Array | string> = fc.oneof(
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 1100 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 200 }) },
  { weight: 1, arbitrary: loneSurrogateStringArb },
  { weight: 2, arbitrary: fc.json({ maxDepth: 4 }) },
  {
    weight: 2,
    arbitrary: fc
      .dictionary(keyArb, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 8 })
      .map((d) => JSON.stringify(ownObject(Object.entries(d)))),
  },
  { weight: 6, arbitrary: mutatedArb },
  { weight: 2, arbitrary: mutatedArb.map((t) => new TextEncoder().encode(t)) },
  { weight: 2, arbitrary: damagedArb },
);

interface Tally {
  ok: number;
  codes: Map<string, number>;
}

function checkOutcome(topic: string, payload: Uint8Array | string, tally: Tally): void {
  let result: Decoded | DecodeError;
  try {
    result = decode(topic, payload);
  } catch (error) {
    throw new Error(
      `decode threw ${String(error)} on ${JSON.stringify(String(payload)).slice(0, 300)}`,
    );
  }
  if (!result.ok) {
    expect(isErrorCode(result.code)).toBe(true);
    expect(DECODE_CODES.has(result.code)).toBe(true);
    expect(typeof result.message).toBe("string");
    expect(result.message.startsWith(ERROR_MESSAGES[result.code])).toBe(true);
    tally.codes.set(result.code, (tally.codes.get(result.code) ?? 0) + 1);
    return;
  }
  tally.ok++;
  // An accepted message is valid by its schema, matches its topic and survives a round trip.
  if (result.topic.kind === "seat.input") {
    expect(seatInputSchema.safeParse(result.message).success).toBe(true);
  } else {
    expect(result.topic.kind).toBe("host.command");
    expect(hostCommandSchema.safeParse(result.message).success).toBe(true);
  }
  const again = decode(topic, encode(result.message));
  expect(again).toEqual(result);
  expect(decode(topic, payload)).toEqual(result);
}

function runProperty(topicArb: fc.Arbitrary<string>): Tally {
  const tally: Tally = { ok: 0, codes: new Map() };
  fc.assert(
    fc.property(topicArb, payloadArb, (topic, payload) => {
      checkOutcome(topic, payload, tally);
    }),
    { numRuns: RUNS },
  );
  return tally;
}

describe("decode never throws (property)", () => {
  it(`returns ok or a known error code for ${RUNS} payloads on seat input topics`, () => {
    const tally = runProperty(fc.tuple(tableArb, seatArb).map(([t, s]) => seatInputTopic(t, s)));
    // The generators must reach both outcomes and most of the error codes.
    expect(tally.ok).toBeGreaterThan(RUNS / 100);
    for (const code of ["too_large", "bad_utf8", "bad_json", "unknown_kind", "bad_payload"]) {
      expect(tally.codes.get(code) ?? 0, code).toBeGreaterThan(0);
    }
  });

  it(`returns ok or a known error code for ${RUNS} payloads on host command topics`, () => {
    const tally = runProperty(tableArb.map((t) => hostCommandTopic(t)));
    expect(tally.ok).toBeGreaterThan(RUNS / 100);
    for (const code of ["bad_utf8", "bad_json", "unknown_command", "bad_payload"]) {
      expect(tally.codes.get(code) ?? 0, code).toBeGreaterThan(0);
    }
  });

  it("returns bad_topic for any payload on outbound or arbitrary topics", () => {
    const topicArb = fc.oneof(
      fc.tuple(tableArb, seatArb).map(([t, s]) => seatViewTopic(t, s)),
      tableArb.map((t) => publicStateTopic(t)),
      fc.string({ maxLength: 60 }).filter((t) => !/\/(input|command)$/.test(t)),
    );
    fc.assert(
      fc.property(topicArb, payloadArb, (topic, payload) => {
        const result = decode(topic, payload);
        expect(result).toMatchObject({ ok: false, code: "bad_topic" });
      }),
      { numRuns: 2_000 },
    );
  });

  it("decodes a well-formed string and its UTF-8 bytes alike", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          mutatedArb,
          fc.json({ maxDepth: 3 }),
          fc.string({ unit: "binary", maxLength: 100 }),
        ),
        fc.constantFrom(seatInputTopic("t1", 1), hostCommandTopic("t1")),
        (text, topic) => {
          // Lone surrogates cannot be encoded; a leading BOM is dropped by the UTF-8 decoder only.
          fc.pre(Buffer.from(text).toString() === text && !text.startsWith("\ufeff"));
          expect(decode(topic, Buffer.from(text))).toEqual(decode(topic, text));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
