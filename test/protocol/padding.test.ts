/**
 * Issue 28: seats' inputs are padded (protocol/padding.ts). Every legal text input fits the
 * one text size, so an ad, a will and a death message look alike whatever their length; the
 * hub takes padded inputs as it takes the others; the firmware can bundle the file.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { transformSync } from "esbuild";
import { describe, expect, it } from "vitest";
import { decode } from "../../protocol/codec.js";
import { INPUT_BUCKET, padInput, TEXT_INPUT_BUCKET, utf8Length } from "../../protocol/padding.js";
import { TEXT_LIMITS } from "../../protocol/text.js";
import { MAX_SEATS } from "../../protocol/topics.js";
import { checkBundle } from "../firmware/espruino-bundle-check.js";

const TOPIC = "mafia/v1/t1/seat/3/input";
const envelope = { boot: "0123abcd", seq: 2 ** 31 - 1 };
const wire = (kind: string, fields: Record<string, unknown>, text: boolean) =>
  padInput(JSON.stringify({ ...envelope, kind, ...fields }), text);

describe("input padding", () => {
  it("counts UTF-8 bytes as Buffer does", () => {
    for (const s of ["", "abc", "é", "€", "😀", "a\u{10ffff}b", "\ud800x", '"\\n'])
      expect(utf8Length(s)).toBe(Buffer.byteLength(s));
  });

  it("the largest legal will, ad, message and pseudonym are all one size, and the hub takes them", () => {
    const wide = (n: number) => "😀".repeat(n);
    const seats = Array.from({ length: MAX_SEATS - 1 }, (_, i) => i + 2);
    const inputs = [
      wire("will", { text: wide(TEXT_LIMITS.will), to: seats }, true),
      wire("ad", { text: wide(TEXT_LIMITS.ad), pseudonym: wide(TEXT_LIMITS.pseudonym) }, true),
      wire("message", { text: wide(TEXT_LIMITS.message) }, true),
      wire("pseudonym", { pseudonym: wide(TEXT_LIMITS.pseudonym), to: 20 }, true),
      wire("ad", { text: "x", pseudonym: "y" }, true),
    ];
    for (const payload of inputs) {
      expect(Buffer.byteLength(payload)).toBe(TEXT_INPUT_BUCKET);
      expect(decode(TOPIC, payload)).toMatchObject({ ok: true });
    }
  });

  it("a move, a decoy and a pass are one size, and the hub takes them", () => {
    const inputs = [
      wire("act", { action: "shoot", targets: [7] }, false),
      wire("act", { action: "decoy", targets: [12] }, false),
      wire("act", { action: "hunt", targets: [1], option: "maniac" }, false),
      wire("pass", {}, false),
    ];
    for (const payload of inputs) {
      expect(Buffer.byteLength(payload)).toBe(INPUT_BUCKET);
      const d = decode(TOPIC, payload);
      expect(d).toMatchObject({ ok: true });
      expect(JSON.stringify(d)).not.toContain('"pad"');
    }
  });

  it("padding is the client's duty: the hub takes an unpadded input, whose size then shows its content", () => {
    const short = JSON.stringify({ ...envelope, kind: "ad", text: "x", pseudonym: "y" });
    const long = JSON.stringify({ ...envelope, kind: "ad", text: "x".repeat(200), pseudonym: "y" });
    for (const payload of [short, long]) expect(decode(TOPIC, payload)).toMatchObject({ ok: true });
    // What docs/PROTOCOL.md says such a client leaks: the text's length, byte for byte.
    expect(Buffer.byteLength(long) - Buffer.byteLength(short)).toBe(199);
  });

  it("stays within the Espruino subset (the firmware bundles it)", () => {
    const path = fileURLToPath(new URL("../../protocol/padding.ts", import.meta.url));
    const out = transformSync(readFileSync(path, "utf8"), {
      loader: "ts",
      target: "es2015",
      format: "iife",
    });
    expect(checkBundle(out.code)).toEqual([]);
  });
});
