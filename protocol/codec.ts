/**
 * Decoding of everything the hub receives. `decode` never throws: bad input of any kind
 * comes back as a typed error code with a human message.
 */
import type { z } from "zod";
import { ERROR_MESSAGES, type ErrorCode } from "./errors.js";
import { HOST_COMMANDS, type HostCommand, hostCommandSchema } from "./host.js";
import {
  INPUT_KINDS,
  MAX_PADDLE_PAYLOAD,
  type SeatInputMessage,
  seatInputSchema,
} from "./inputs.js";
import { isTextKind, MAX_TEXT_PAYLOAD } from "./text.js";
import { type ParsedTopic, parseTopic } from "./topics.js";

/** Host commands carry seat names and options: allow more room than a paddle gets. */
export const MAX_HOST_PAYLOAD = 16 * 1024;

export interface DecodeError {
  ok: false;
  code: ErrorCode;
  message: string;
}

export type Decoded =
  | {
      ok: true;
      topic: ParsedTopic & { kind: "seat.input"; seat: number };
      message: SeatInputMessage;
    }
  | { ok: true; topic: ParsedTopic & { kind: "host.command" }; message: HostCommand };

export function decodeError(code: ErrorCode, detail?: string): DecodeError {
  const base = ERROR_MESSAGES[code];
  return { ok: false, code, message: detail ? `${base}: ${detail}` : base };
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The deepest nesting of objects and arrays any message may have (the deepest the protocol
 * uses is a host `setup`'s options, 4 levels). Checked on the text before JSON.parse, so a
 * payload nested thousands deep never reaches a parser or a schema that recurses (issue
 * 28: `options.roles` 5,000 deep overflowed the stack).
 */
export const MAX_JSON_DEPTH = 16;

/** The nesting depth of JSON text, up to the first level past `max`; one pass, no recursion. */
export function jsonDepthOver(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > max) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
}

/** Bytes → JSON object, or the reason it is not one. */
export function parseJsonObject(
  payload: Uint8Array | string,
  maxBytes: number,
): { ok: true; value: Record<string, unknown> } | DecodeError {
  const size = typeof payload === "string" ? Buffer.byteLength(payload) : payload.byteLength;
  if (size > maxBytes) return decodeError("too_large", `${size} > ${maxBytes} bytes`);
  let text: string;
  try {
    text = typeof payload === "string" ? payload : utf8.decode(payload);
  } catch {
    return decodeError("bad_utf8");
  }
  if (jsonDepthOver(text, MAX_JSON_DEPTH))
    return decodeError("too_deep", `more than ${MAX_JSON_DEPTH} levels`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return decodeError("bad_json");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return decodeError("bad_json", "expected an object");
  }
  return { ok: true, value: value as Record<string, unknown> };
}

/** A short, never-throwing preview of a JSON value for an error message. */
function preview(value: unknown): string {
  // String() throws on a parsed object such as {"toString": 1}; JSON.stringify cannot.
  const text = typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);
  return text.slice(0, 32);
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`)
    .join("; ");
}

/**
 * Decodes a seat's input payload: the one decoder every receiver uses (the hub's table, the
 * tests, the simulator). The seat is the topic's, which the broker's permissions already
 * matched, so the topic is not rebuilt and parsed again here.
 */
export function decodeSeatInput(
  payload: Uint8Array | string,
): { ok: true; message: SeatInputMessage } | DecodeError {
  // Text from a phone may be longer than a paddle's inputs (protocol/text.ts); anything
  // else over the paddle's limit is too large, whatever else is wrong with it.
  const size = typeof payload === "string" ? Buffer.byteLength(payload) : payload.byteLength;
  const tooLarge = decodeError("too_large", `${size} > ${MAX_PADDLE_PAYLOAD} bytes`);
  const json = parseJsonObject(payload, MAX_TEXT_PAYLOAD);
  if (!json.ok) return size > MAX_PADDLE_PAYLOAD && json.code !== "too_large" ? tooLarge : json;
  const kind = json.value.kind;
  if (size > MAX_PADDLE_PAYLOAD && !isTextKind(kind)) return tooLarge;
  if (typeof kind !== "string" || !(INPUT_KINDS as readonly string[]).includes(kind)) {
    return decodeError("unknown_kind", preview(kind));
  }
  const result = seatInputSchema.safeParse(json.value);
  if (!result.success) return decodeError("bad_payload", describeIssues(result.error));
  return { ok: true, message: result.data };
}

/** Decodes an inbound message (paddle input or host command) for the topic it came on. */
export function decode(topic: string, payload: Uint8Array | string): Decoded | DecodeError {
  const parsed = parseTopic(topic);
  if (!parsed) return decodeError("bad_topic", topic.slice(0, 80));
  if (parsed.kind === "seat.input") {
    const input = decodeSeatInput(payload);
    if (!input.ok) return input;
    const topic = parsed as ParsedTopic & { kind: "seat.input"; seat: number };
    return { ok: true, topic, message: input.message };
  }
  if (parsed.kind === "host.command") {
    const json = parseJsonObject(payload, MAX_HOST_PAYLOAD);
    if (!json.ok) return json;
    const cmd = json.value.cmd;
    if (typeof cmd !== "string" || !(HOST_COMMANDS as readonly string[]).includes(cmd)) {
      return decodeError("unknown_command", preview(cmd));
    }
    const result = hostCommandSchema.safeParse(json.value);
    if (!result.success) return decodeError("bad_payload", describeIssues(result.error));
    return {
      ok: true,
      topic: parsed as ParsedTopic & { kind: "host.command" },
      message: result.data,
    };
  }
  return decodeError("bad_topic", "the hub accepts no messages on this topic");
}

/** The id of a host command, if one can be read from a payload that failed to decode. */
export function salvageCommandId(payload: Uint8Array | string): string | null {
  const json = parseJsonObject(payload, MAX_HOST_PAYLOAD);
  if (!json.ok) return null;
  const id = json.value.id;
  return typeof id === "string" && id.length > 0 && id.length <= 64 ? id : null;
}

export function encode(message: unknown): string {
  return JSON.stringify(message);
}
