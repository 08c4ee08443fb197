/**
 * What the fuzz test sends: raw bytes, text, any JSON, near misses of the protocol's
 * messages (right keys, wrong values), and well-formed messages that only the engine can
 * refuse. Everything stays under the smallest whole-packet limit.
 */
import fc from "fast-check";
import { HOST_COMMANDS, INPUT_KINDS } from "../../protocol/index.js";
import { seatList } from "../helpers/bot-wire.js";

const text = (maxLength: number) => fc.string({ unit: "binary", maxLength });
const json = (value: fc.Arbitrary<unknown>) => value.map((v) => Buffer.from(JSON.stringify(v)));

/** Near misses of a paddle input: the right keys with wrong, odd or missing values. */
export const seatLike = fc.record(
  {
    boot: fc.oneof(fc.stringMatching(/^[0-9a-f]{8}$/), text(10)),
    seq: fc.oneof(fc.integer({ min: -2, max: 2 ** 31 }), fc.double(), text(3)),
    kind: fc.constantFrom(...INPUT_KINDS, "decoy", "dance", ""),
    down: fc.oneof(fc.boolean(), fc.jsonValue({ maxDepth: 2 })),
    on: fc.oneof(fc.boolean(), fc.jsonValue({ maxDepth: 2 })),
    action: fc.oneof(fc.constantFrom("shoot", "check", "nominate", "decoy"), text(40)),
    targets: fc.oneof(
      fc.array(fc.integer({ min: -1, max: 22 }), { maxLength: 4 }),
      fc.jsonValue({ maxDepth: 2 }),
    ),
    option: text(6),
    fw: text(40),
    caps: fc.array(text(18), { maxLength: 18 }),
    extra: fc.jsonValue({ maxDepth: 2 }),
  },
  { requiredKeys: [] },
);

export const hostLike = fc.record(
  {
    id: fc.oneof(text(70), fc.integer()),
    cmd: fc.constantFrom(...HOST_COMMANDS, "launch", ""),
    seat: fc.oneof(fc.integer({ min: -1, max: 25 }), text(3)),
    cause: text(40),
    reason: text(220),
    ruleset: fc.constantFrom("sport", "app", "poker"),
    seats: fc.jsonValue({ maxDepth: 2 }),
    options: fc.jsonValue({ maxDepth: 2 }),
    extra: fc.jsonValue({ maxDepth: 2 }),
  },
  { requiredKeys: [] },
);

const seat = fc.integer({ min: 1, max: 20 });
const id = fc.stringMatching(/^[a-z][a-zA-Z0-9_.-]{0,31}$/);

/** Paddle inputs that decode: it is the engine's turn to refuse them (or take them). */
export const seatWellFormed = fc.record(
  {
    boot: fc.stringMatching(/^[0-9a-f]{8}$/),
    seq: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
    kind: fc.constantFrom("act", "act", "act", "pass"),
    action: fc.oneof(fc.constantFrom("shoot", "check", "nominate", "decoy"), id),
    targets: fc.array(seat, { maxLength: 3 }),
    option: id,
  },
  { requiredKeys: ["boot", "seq", "kind"] },
);

/** Host commands that decode; the ones the engine would apply are not sent. */
export const hostWellFormed = fc.oneof(
  fc.record({ id, cmd: fc.constantFrom("start", "resume", "next", "pause", "end") }),
  fc.record({
    id,
    cmd: fc.constantFrom("foul", "remove"),
    seat,
    cause: fc.constantFrom("other", "swearing", "nonsense"),
  }),
  fc.record({
    id,
    cmd: fc.constant("setup"),
    ruleset: fc.constantFrom("sport", "app"),
    seats: fc.constant(seatList()),
  }),
);

/**
 * Under the smallest whole-packet limit (a display's, 2 KB): larger packets close the
 * connection at the gate, which bad-input.test.ts covers.
 */
export const MAX_FUZZ_BYTES = 1900;

export function payloads(
  near: fc.Arbitrary<unknown>,
  wellFormed: fc.Arbitrary<unknown>,
): fc.Arbitrary<Buffer> {
  return fc
    .oneof(
      json(wellFormed),
      fc.uint8Array({ maxLength: 1200 }).map((b) => Buffer.from(b)),
      text(300).map((s) => Buffer.from(s)),
      json(fc.jsonValue({ maxDepth: 3 })),
      json(near),
      json(near.map((o) => ({ ...(o as object), pad: "x".repeat(1100) }))),
    )
    .filter((b) => b.length <= MAX_FUZZ_BYTES);
}

/** Topic names a client may publish to at the MQTT level: no wildcards, at most 16 levels. */
export const madeUpTopic = fc
  .array(fc.string({ unit: "grapheme", maxLength: 8 }), { minLength: 1, maxLength: 16 })
  .map((levels) => levels.join("/"))
  .filter(
    (topic) => topic.length > 0 && !/[+#]/.test(topic) && !topic.includes(String.fromCharCode(0)),
  );
