import { describe, expect, it } from "vitest";
import {
  type Decoded,
  type DecodeError,
  decode,
  decodeError,
  decodeSeatInput,
  ERROR_MESSAGES,
  type ErrorCode,
  encode,
  HOST_COMMANDS,
  hostCommandTopic,
  hostFilter,
  hostReplyTopic,
  hostViewTopic,
  INPUT_KINDS,
  isTextKind,
  MAX_HOST_PAYLOAD,
  MAX_PADDLE_PAYLOAD,
  MAX_TEXT_PAYLOAD,
  parseJsonObject,
  publicFilter,
  publicLogTopic,
  publicStateTopic,
  salvageCommandId,
  seatInputTopic,
  seatSignalTopic,
  seatViewTopic,
  TEXT_KINDS,
} from "../../protocol/index.js";
import {
  BOOT,
  bytes,
  COMMAND_TOPIC,
  command,
  INPUT_TOPIC,
  input,
  json,
  SEAT,
  TABLE,
  VALID_COMMANDS,
  VALID_INPUTS,
} from "./fixtures.js";

function expectError(result: Decoded | DecodeError, code: ErrorCode): DecodeError {
  expect(result.ok, JSON.stringify(result)).toBe(false);
  const error = result as DecodeError;
  expect(error.code).toBe(code);
  expect(error.message.startsWith(ERROR_MESSAGES[code])).toBe(true);
  return error;
}

function expectOk(result: Decoded | DecodeError): Decoded {
  expect(result.ok, JSON.stringify(result)).toBe(true);
  return result as Decoded;
}

/** A valid paddle input of exactly `size` bytes, padded with an ignored extra field. */
function inputOfSize(kind: string, size: number): string {
  const base = input(kind, { pad: "" });
  return input(kind, { pad: "x".repeat(size - base.length) });
}

function thumbOfSize(size: number): string {
  return inputOfSize("thumb", size);
}

describe("decode: valid paddle inputs", () => {
  it("decodes every input kind of the contract", () => {
    expect([...INPUT_KINDS].sort()).toEqual(Object.keys(VALID_INPUTS).sort());
    for (const kind of INPUT_KINDS) {
      const result = expectOk(decode(INPUT_TOPIC, input(kind)));
      expect(result.topic).toEqual({ table: TABLE, kind: "seat.input", seat: SEAT });
      expect(result.message).toEqual(VALID_INPUTS[kind]);
    }
  });

  it("decodeSeatInput, the payload alone, is what decode gives on a seat's input topic", () => {
    const payloads = [
      ...INPUT_KINDS.map((kind) => input(kind)),
      '{"boot":"9f3a01c2","seq":1,"kind":"dance"}',
      '{"boot":"9f3a01c2","seq":1,"kind":"thumb"}',
      "not json",
      thumbOfSize(2048),
    ];
    for (const payload of payloads) {
      const whole = decode(INPUT_TOPIC, payload);
      const alone = decodeSeatInput(payload);
      expect(alone.ok).toBe(whole.ok);
      if (alone.ok && whole.ok) expect(alone.message).toEqual(whole.message);
      else expect(alone).toEqual(whole);
    }
  });

  it("decodes the example of the contract", () => {
    const r = expectOk(
      decode(INPUT_TOPIC, '{ "boot": "9f3a01c2", "seq": 17, "kind": "thumb", "down": true }'),
    );
    expect(r.message).toEqual({ boot: "9f3a01c2", seq: 17, kind: "thumb", down: true });
  });

  it("gives act without targets an empty target list", () => {
    const r = expectOk(
      decode(INPUT_TOPIC, input("act", { targets: undefined, option: undefined })),
    );
    expect(r.message).toEqual({ boot: BOOT, seq: 19, kind: "act", action: "check", targets: [] });
  });

  it("accepts act with several targets and without an option", () => {
    const r = expectOk(decode(INPUT_TOPIC, input("act", { targets: [1, 20], option: undefined })));
    expect(r.message).toEqual({
      boot: BOOT,
      seq: 19,
      kind: "act",
      action: "check",
      targets: [1, 20],
    });
  });

  it("accepts thumb up and down, blindfold on and off", () => {
    for (const down of [true, false]) {
      expect(expectOk(decode(INPUT_TOPIC, input("thumb", { down }))).message).toMatchObject({
        down,
      });
    }
    for (const on of [true, false]) {
      expect(expectOk(decode(INPUT_TOPIC, input("blindfold", { on }))).message).toMatchObject({
        on,
      });
    }
  });

  it("accepts hello with no capabilities and with the led extension", () => {
    expectOk(decode(INPUT_TOPIC, input("hello", { caps: [] })));
    expectOk(decode(INPUT_TOPIC, input("hello", { caps: ["led"] })));
  });

  it("accepts bytes as well as strings", () => {
    const r = expectOk(decode(INPUT_TOPIC, bytes(input("pass"))));
    expect(r.message).toEqual(VALID_INPUTS.pass);
    const b = Buffer.from(input("pass"));
    expect(expectOk(decode(INPUT_TOPIC, b)).message).toEqual(VALID_INPUTS.pass);
  });

  it("reports the seat and table of the topic", () => {
    const r = expectOk(decode(seatInputTopic("club-42", 20), input("pass")));
    expect(r.topic).toEqual({ table: "club-42", kind: "seat.input", seat: 20 });
  });

  it("drops unknown extra fields of an input (forward compatible)", () => {
    const r = expectOk(decode(INPUT_TOPIC, input("pass", { future: 1 })));
    expect(r.message).toEqual(VALID_INPUTS.pass);
  });

  it("accepts the edges of boot and seq", () => {
    for (const boot of ["00000000", "ffffffff", "0123abcd"]) {
      expectOk(decode(INPUT_TOPIC, input("pass", { boot })));
    }
    expectOk(decode(INPUT_TOPIC, input("pass", { seq: 1 })));
    expectOk(decode(INPUT_TOPIC, input("pass", { seq: 2 ** 31 - 1 })));
    expectOk(decode(INPUT_TOPIC, '{"boot":"9f3a01c2","seq":1.0,"kind":"pass"}'));
  });
});

describe("decode: too_large", () => {
  it("accepts a paddle input of exactly 1024 bytes", () => {
    expect(MAX_PADDLE_PAYLOAD).toBe(1024);
    const payload = thumbOfSize(1024);
    expect(Buffer.byteLength(payload)).toBe(1024);
    expectOk(decode(INPUT_TOPIC, payload));
    expectOk(decode(INPUT_TOPIC, bytes(payload)));
  });

  it("rejects a paddle input of 1025 bytes, as a string or as bytes", () => {
    const payload = thumbOfSize(1025);
    expect(Buffer.byteLength(payload)).toBe(1025);
    expectError(decode(INPUT_TOPIC, payload), "too_large");
    expectError(decode(INPUT_TOPIC, bytes(payload)), "too_large");
  });

  it("counts UTF-8 bytes, not characters", () => {
    const ascii = thumbOfSize(1024);
    // Replace two ASCII pad characters by one two-byte character: same bytes, fewer chars.
    const same = ascii.replace("xx", "é");
    expect(Buffer.byteLength(same)).toBe(1024);
    expectOk(decode(INPUT_TOPIC, same));
    // One more two-byte character for one ASCII character: 1025 bytes, fewer than 1025 chars.
    const over = ascii.replace("x", "é");
    expect(over.length).toBe(1024);
    expect(Buffer.byteLength(over)).toBe(1025);
    expectError(decode(INPUT_TOPIC, over), "too_large");
  });

  it("checks the size before anything else", () => {
    const garbage = new Uint8Array(1025).fill(0xff);
    expectError(decode(INPUT_TOPIC, garbage), "too_large");
  });

  it("allows host commands up to 16 KiB and no more", () => {
    expect(MAX_HOST_PAYLOAD).toBe(16 * 1024);
    const base = command("setup", { options: { note: "" } });
    const fit = command("setup", { options: { note: "x".repeat(MAX_HOST_PAYLOAD - base.length) } });
    expect(Buffer.byteLength(fit)).toBe(MAX_HOST_PAYLOAD);
    expectOk(decode(COMMAND_TOPIC, fit));
    const over = command("setup", {
      options: { note: "x".repeat(MAX_HOST_PAYLOAD - base.length + 1) },
    });
    expectError(decode(COMMAND_TOPIC, over), "too_large");
  });

  it.each(INPUT_KINDS.filter((k) => !isTextKind(k)).map((k) => [k]))(
    "applies the 1024-byte limit to %s",
    (kind) => {
      expectOk(decode(INPUT_TOPIC, inputOfSize(kind, 1024)));
      expectError(decode(INPUT_TOPIC, inputOfSize(kind, 1025)), "too_large");
    },
  );

  it.each(TEXT_KINDS.map((k) => [k]))("applies the text limit (7168 bytes) to %s", (kind) => {
    expect(MAX_TEXT_PAYLOAD).toBe(7168);
    expectOk(decode(INPUT_TOPIC, inputOfSize(kind, MAX_TEXT_PAYLOAD)));
    expectError(decode(INPUT_TOPIC, inputOfSize(kind, MAX_TEXT_PAYLOAD + 1)), "too_large");
  });
});

describe("decode: bad_utf8", () => {
  it.each([
    ["a lone continuation byte", [0x80]],
    ["an invalid byte 0xff", [0xff]],
    ["a truncated two-byte sequence", [0xc3]],
    ["an overlong encoding of '/'", [0xc0, 0xaf]],
    ["an encoded surrogate", [0xed, 0xa0, 0x80]],
    ["a code point above U+10FFFF", [0xf4, 0x90, 0x80, 0x80]],
    ["a truncated four-byte sequence", [0xf0, 0x9f, 0x98]],
  ])("rejects %s inside an otherwise valid input", (_name, bad) => {
    const text = input("act", { action: "check" });
    const [before, after] = text.split("check") as [string, string];
    const payload = new Uint8Array([...bytes(before), ...bad, ...bytes(after)]);
    expectError(decode(INPUT_TOPIC, payload), "bad_utf8");
    expectError(decode(COMMAND_TOPIC, payload), "bad_utf8");
  });

  it("accepts valid multi-byte UTF-8 in a host command", () => {
    const r = expectOk(
      decode(COMMAND_TOPIC, bytes(command("setup", { seats: [{ seat: 1, name: "Аня 🎭" }] }))),
    );
    expect(r.message).toMatchObject({ seats: [{ seat: 1, name: "Аня 🎭" }] });
  });
});

describe("decode: bad_json", () => {
  it.each([
    ["empty", ""],
    ["whitespace", "   "],
    ["truncated", '{"boot":"9f3a01c2"'],
    ["trailing comma", '{"kind":"pass",}'],
    ["single quotes", "{'kind':'pass'}"],
    ["plain text", "hello"],
    ["an array", "[]"],
    ["an array of an input", `[${input("pass")}]`],
    ["null", "null"],
    ["a number", "17"],
    ["a negative number", "-1"],
    ["a string", '"pass"'],
    ["true", "true"],
    ["false", "false"],
    ["two objects", `${input("pass")}${input("pass")}`],
    ["NaN", "NaN"],
  ])("rejects %s on both inbound topics", (_name, payload) => {
    expectError(decode(INPUT_TOPIC, payload), "bad_json");
    expectError(decode(COMMAND_TOPIC, payload), "bad_json");
  });

  it("says when the JSON is valid but not an object", () => {
    expect(expectError(decode(INPUT_TOPIC, "[1]"), "bad_json").message).toContain(
      "expected an object",
    );
  });
});

describe("decode: bad_topic", () => {
  it.each([
    ["the seat view", seatViewTopic(TABLE, SEAT)],
    ["the seat signal", seatSignalTopic(TABLE, SEAT)],
    ["the public state", publicStateTopic(TABLE)],
    ["the public log", publicLogTopic(TABLE)],
    ["the host reply", hostReplyTopic(TABLE)],
    ["the host view", hostViewTopic(TABLE)],
  ])("refuses messages on %s (an output topic)", (_name, topic) => {
    expectError(decode(topic, input("pass")), "bad_topic");
    expectError(decode(topic, command("start")), "bad_topic");
  });

  it.each([
    "",
    "mafia/v1/t1/seat/0/input",
    "mafia/v1/t1/seat/21/input",
    "mafia/v1/t1/seat/01/input",
    "mafia/v1/T1/seat/1/input",
    "mafia/v1/t1/seat/+/input",
    "mafia/v1/+/host/command",
    "mafia/v1/t1/host/command/x",
    "mafia/v2/t1/host/command",
    publicFilter(TABLE),
    hostFilter(TABLE),
    "#",
  ])("refuses the topic %j", (topic) => {
    expectError(decode(topic, input("pass")), "bad_topic");
  });

  it("checks the topic before the payload", () => {
    expectError(decode(publicStateTopic(TABLE), "not json"), "bad_topic");
    expectError(decode("nope", new Uint8Array(5000)), "bad_topic");
  });
});

describe("decode: unknown_kind", () => {
  it.each([
    ["missing", undefined],
    ["an unknown word", "vote"],
    ["upper case", "Thumb"],
    ["empty", ""],
    ["a number", 1],
    ["null", null],
    ["a boolean", true],
    ["an array", ["thumb"]],
    ["an object", { kind: "thumb" }],
    ["an inherited property name", "toString"],
    ["__proto__", "__proto__"],
  ])("rejects a kind that is %s", (_name, kind) => {
    expectError(decode(INPUT_TOPIC, input("thumb", { kind })), "unknown_kind");
  });

  it("does not throw on a kind whose toString is not a function", () => {
    expectError(
      decode(INPUT_TOPIC, '{"boot":"9f3a01c2","seq":1,"kind":{"toString":1}}'),
      "unknown_kind",
    );
    expectError(
      decode(INPUT_TOPIC, '{"boot":"9f3a01c2","seq":1,"kind":{"toString":1,"valueOf":1}}'),
      "unknown_kind",
    );
  });

  it("keeps the detail short", () => {
    const e = expectError(
      decode(INPUT_TOPIC, input("thumb", { kind: "k".repeat(500) })),
      "unknown_kind",
    );
    expect(e.message.length).toBeLessThan(ERROR_MESSAGES.unknown_kind.length + 40);
  });
});

describe("decode: bad_payload for inputs", () => {
  const cases: [string, string, Record<string, unknown>][] = [
    ["boot missing", "pass", { boot: undefined }],
    ["boot of 7 hex", "pass", { boot: "9f3a01c" }],
    ["boot of 9 hex", "pass", { boot: "9f3a01c2a" }],
    ["boot in upper case", "pass", { boot: "9F3A01C2" }],
    ["boot not hex", "pass", { boot: "9f3a01g2" }],
    ["boot with a 0x prefix", "pass", { boot: "0x9f3a01" }],
    ["boot with spaces", "pass", { boot: " 9f3a01c" }],
    ["boot as a number", "pass", { boot: 12345678 }],
    ["boot empty", "pass", { boot: "" }],
    ["seq missing", "pass", { seq: undefined }],
    ["seq 0", "pass", { seq: 0 }],
    ["seq negative", "pass", { seq: -1 }],
    ["seq non-integer", "pass", { seq: 1.5 }],
    ["seq as a string", "pass", { seq: "1" }],
    ["seq null", "pass", { seq: null }],
    ["seq above 2^31-1", "pass", { seq: 2 ** 31 }],
    ["seq beyond safe integers", "pass", { seq: 2 ** 60 }],
    ["thumb without down", "thumb", { down: undefined }],
    ["thumb down as a number", "thumb", { down: 1 }],
    ["thumb down as a string", "thumb", { down: "true" }],
    ["thumb down null", "thumb", { down: null }],
    ["blindfold without on", "blindfold", { on: undefined }],
    ["blindfold on as a number", "blindfold", { on: 0 }],
    ["hello without fw", "hello", { fw: undefined }],
    ["hello with empty fw", "hello", { fw: "" }],
    ["hello with fw of 33 chars", "hello", { fw: "1".repeat(33) }],
    ["hello fw as a number", "hello", { fw: 1 }],
    ["hello without caps", "hello", { caps: undefined }],
    ["hello caps as a string", "hello", { caps: "thumb" }],
    [
      "hello with a capability that is not a short name",
      "hello",
      { caps: ["thumb", "Laser Beam"] },
    ],
    ["hello with too many capabilities", "hello", { caps: Array(17).fill("thumb") }],
    ["act without action", "act", { action: undefined }],
    ["act with empty action", "act", { action: "" }],
    ["act with an upper-case action", "act", { action: "Check" }],
    ["act with a non-ASCII action", "act", { action: "провер" }],
    ["act with an action of 33 chars", "act", { action: `a${"b".repeat(32)}` }],
    ["act action as a number", "act", { action: 3 }],
    ["act targets not an array", "act", { targets: 3 }],
    ["act targets null", "act", { targets: null }],
    ["act target 0", "act", { targets: [0] }],
    ["act target 21", "act", { targets: [21] }],
    ["act target -1", "act", { targets: [-1] }],
    ["act target 1.5", "act", { targets: [1.5] }],
    ["act target as a string", "act", { targets: ["3"] }],
    ["act target null", "act", { targets: [null] }],
    ["act with 21 targets", "act", { targets: Array(21).fill(1) }],
    ["act option empty", "act", { option: "" }],
    ["act option as a number", "act", { option: 1 }],
    ["act option null", "act", { option: null }],
  ];
  it.each(cases)("rejects %s", (_name, kind, patch) => {
    expectError(decode(INPUT_TOPIC, input(kind, patch)), "bad_payload");
  });

  it("names the offending field", () => {
    const e = expectError(decode(INPUT_TOPIC, input("act", { targets: [21] })), "bad_payload");
    expect(e.message).toContain("targets.0");
  });
});

describe("decode: valid host commands", () => {
  it("decodes every host command of the contract", () => {
    expect([...HOST_COMMANDS].sort()).toEqual(Object.keys(VALID_COMMANDS).sort());
    for (const cmd of HOST_COMMANDS) {
      const r = expectOk(decode(COMMAND_TOPIC, command(cmd)));
      expect(r.topic).toEqual({ table: TABLE, kind: "host.command", seat: null });
      expect(r.message).toEqual(VALID_COMMANDS[cmd]);
    }
  });

  it("gives setup without options an empty options object", () => {
    const r = expectOk(decode(COMMAND_TOPIC, command("setup", { options: undefined })));
    expect(r.message).toEqual({ ...VALID_COMMANDS.setup, options: {} });
  });

  it("accepts setup with 20 seats and any ruleset word (the engine checks it)", () => {
    const seats = Array.from({ length: 20 }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));
    expectOk(decode(COMMAND_TOPIC, command("setup", { seats })));
    expectOk(decode(COMMAND_TOPIC, command("setup", { ruleset: "forum" })));
    expectOk(decode(COMMAND_TOPIC, command("setup", { ruleset: "unknown" })));
  });

  it("trims seat names", () => {
    const r = expectOk(
      decode(COMMAND_TOPIC, command("setup", { seats: [{ seat: 1, name: "  Anna " }] })),
    );
    expect(r.message).toMatchObject({ seats: [{ seat: 1, name: "Anna" }] });
  });

  it("accepts foul with a cause and remove without a reason", () => {
    const foul = expectOk(decode(COMMAND_TOPIC, command("foul", { cause: "peeking" })));
    expect(foul.message).toEqual({ id: "c7", cmd: "foul", seat: 4, cause: "peeking" });
    const remove = expectOk(decode(COMMAND_TOPIC, command("remove", { reason: undefined })));
    expect(remove.message).toEqual({ id: "c8", cmd: "remove", seat: 5 });
  });

  it("accepts ids of 1 and 64 characters", () => {
    expectOk(decode(COMMAND_TOPIC, command("start", { id: "x" })));
    expectOk(decode(COMMAND_TOPIC, command("start", { id: "x".repeat(64) })));
  });

  it("does not let __proto__ in options reach the prototype", () => {
    const payload = command("setup", { options: {} }).replace(
      '"options":{}',
      '"options":{"__proto__":{"autoAdvance":true}}',
    );
    const r = expectOk(decode(COMMAND_TOPIC, payload));
    const options = (r.message as { options: Record<string, unknown> }).options;
    expect(options.autoAdvance).toBeUndefined();
    expect(({} as Record<string, unknown>).autoAdvance).toBeUndefined();
  });
});

describe("decode: unknown_command", () => {
  it.each([
    ["missing", undefined],
    ["an unknown word", "reboot"],
    ["upper case", "START"],
    ["empty", ""],
    ["a number", 1],
    ["null", null],
    ["an array", ["start"]],
    ["an inherited property name", "constructor"],
  ])("rejects a cmd that is %s", (_name, cmd) => {
    expectError(decode(COMMAND_TOPIC, command("start", { cmd })), "unknown_command");
  });

  it("does not throw on a cmd whose toString is not a function", () => {
    expectError(
      decode(COMMAND_TOPIC, '{"id":"x","cmd":{"toString":1,"valueOf":1}}'),
      "unknown_command",
    );
  });

  it("does not take input kinds for commands, nor commands for input kinds", () => {
    expectError(decode(COMMAND_TOPIC, input("thumb")), "unknown_command");
    expectError(decode(INPUT_TOPIC, command("start")), "unknown_kind");
  });
});

describe("decode: host command strictness", () => {
  it.each(HOST_COMMANDS.map((c) => [c]))("rejects an unknown field on %s", (cmd) => {
    expectError(decode(COMMAND_TOPIC, command(cmd, { extra: 1 })), "bad_payload");
  });

  it("rejects an unknown field in a seat of setup", () => {
    const seats = [{ seat: 1, name: "Anna", role: "don" }];
    expectError(decode(COMMAND_TOPIC, command("setup", { seats })), "bad_payload");
  });

  it("rejects a __proto__ field on a bare command", () => {
    expectError(decode(COMMAND_TOPIC, '{"id":"a","cmd":"start","__proto__":{}}'), "bad_payload");
  });

  const cases: [string, string, Record<string, unknown>][] = [
    ["a command without id", "start", { id: undefined }],
    ["an empty id", "start", { id: "" }],
    ["an id of 65 characters", "start", { id: "x".repeat(65) }],
    ["a numeric id", "start", { id: 1 }],
    ["setup without ruleset", "setup", { ruleset: undefined }],
    ["setup with a numeric ruleset", "setup", { ruleset: 1 }],
    ["setup without seats", "setup", { seats: undefined }],
    ["setup with no seats", "setup", { seats: [] }],
    [
      "setup with 21 seats",
      "setup",
      { seats: Array.from({ length: 21 }, (_, i) => ({ seat: (i % 20) + 1, name: "P" })) },
    ],
    ["setup with seat 0", "setup", { seats: [{ seat: 0, name: "A" }] }],
    ["setup with seat 21", "setup", { seats: [{ seat: 21, name: "A" }] }],
    ["setup with seat -1", "setup", { seats: [{ seat: -1, name: "A" }] }],
    ["setup with seat 1.5", "setup", { seats: [{ seat: 1.5, name: "A" }] }],
    ["setup with seat as a string", "setup", { seats: [{ seat: "1", name: "A" }] }],
    ["setup with a seat without a number", "setup", { seats: [{ name: "A" }] }],
    ["setup with a seat without a name", "setup", { seats: [{ seat: 1 }] }],
    ["setup with an empty name", "setup", { seats: [{ seat: 1, name: "" }] }],
    ["setup with a blank name", "setup", { seats: [{ seat: 1, name: "   " }] }],
    ["setup with a name of 33 characters", "setup", { seats: [{ seat: 1, name: "n".repeat(33) }] }],
    ["setup with an unknown language", "setup", { seats: [{ seat: 1, name: "A", lang: "fr" }] }],
    ["setup with a seat that is a number", "setup", { seats: [1, 2] }],
    ["setup with seats as an object", "setup", { seats: { 1: "Anna" } }],
    ["setup with options as an array", "setup", { options: [] }],
    ["setup with options as a string", "setup", { options: "fast" }],
    ["setup with options null", "setup", { options: null }],
    ["foul without seat", "foul", { seat: undefined }],
    ["foul on seat 0", "foul", { seat: 0 }],
    ["foul on seat 21", "foul", { seat: 21 }],
    ["foul with a bad cause", "foul", { cause: "Peeking!" }],
    ["remove without seat", "remove", { seat: undefined }],
    ["remove on seat 1.5", "remove", { seat: 1.5 }],
    ["remove with a numeric reason", "remove", { reason: 1 }],
    ["remove with a reason of 201 characters", "remove", { reason: "r".repeat(201) }],
  ];
  it.each(cases)("rejects %s", (_name, cmd, patch) => {
    expectError(decode(COMMAND_TOPIC, command(cmd, patch)), "bad_payload");
  });
});

describe("decodeError, parseJsonObject, salvageCommandId, encode", () => {
  it("decodeError uses the default message and appends a detail", () => {
    expect(decodeError("bad_seat")).toEqual({
      ok: false,
      code: "bad_seat",
      message: ERROR_MESSAGES.bad_seat,
    });
    expect(decodeError("bad_seat", "seat 9")).toEqual({
      ok: false,
      code: "bad_seat",
      message: `${ERROR_MESSAGES.bad_seat}: seat 9`,
    });
  });

  it("parseJsonObject returns the object", () => {
    expect(parseJsonObject('{"a":1}', 100)).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJsonObject(bytes('{"a":1}'), 7)).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJsonObject(bytes('{"a":1}'), 6)).toMatchObject({ ok: false, code: "too_large" });
  });

  it("salvageCommandId reads the id of a command that fails to decode", () => {
    const bad = command("foul", { seat: 99 });
    expectError(decode(COMMAND_TOPIC, bad), "bad_payload");
    expect(salvageCommandId(bad)).toBe("c7");
    expect(salvageCommandId(bytes(command("start", { cmd: "nope" })))).toBe("c2");
  });

  it.each([
    ["not JSON", "{"],
    ["an array", '["c1"]'],
    ["no id", '{"cmd":"start"}'],
    ["a numeric id", '{"id":1}'],
    ["an empty id", '{"id":""}'],
    ["an id of 65 characters", json({ id: "x".repeat(65) })],
    ["invalid UTF-8", new Uint8Array([0x7b, 0xff, 0x7d])],
    ["too large", json({ id: "a", pad: "x".repeat(MAX_HOST_PAYLOAD) })],
  ])("salvageCommandId gives null for %s", (_name, payload) => {
    expect(salvageCommandId(payload)).toBeNull();
  });

  it("encode is JSON and decode(encode(m)) gives m back for every valid message", () => {
    for (const kind of INPUT_KINDS) {
      const message = expectOk(decode(INPUT_TOPIC, input(kind))).message;
      expect(JSON.parse(encode(message))).toEqual(message);
      expect(expectOk(decode(INPUT_TOPIC, encode(message))).message).toEqual(message);
    }
    for (const cmd of HOST_COMMANDS) {
      const message = expectOk(decode(COMMAND_TOPIC, command(cmd))).message;
      expect(expectOk(decode(COMMAND_TOPIC, encode(message))).message).toEqual(message);
    }
  });

  it("decodes on any table", () => {
    expectOk(decode(hostCommandTopic("a".repeat(32)), command("start")));
    expectOk(decode(seatInputTopic("-", 1), input("pass")));
  });
});
