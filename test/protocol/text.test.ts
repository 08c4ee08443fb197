/** Text from phones on the wire (protocol/text.ts): limits, normalization, refusals. */
import { describe, expect, it } from "vitest";
import {
  type DecodeError,
  decodeSeatInput,
  pseudonymKey,
  TEXT_LIMITS,
  textLength,
} from "../../protocol/index.js";

let seq = 0;
const send = (fields: Record<string, unknown>) =>
  decodeSeatInput(JSON.stringify({ boot: "9f3a01c2", seq: ++seq, ...fields }));

function refused(fields: Record<string, unknown>, why: RegExp) {
  const r = send(fields);
  expect(r.ok, JSON.stringify(r)).toBe(false);
  expect((r as DecodeError).code).toBe("bad_payload");
  expect((r as DecodeError).message).toMatch(why);
}

function accepted(fields: Record<string, unknown>): Record<string, unknown> {
  const r = send(fields);
  if (!r.ok) throw new Error(r.message);
  return r.message as unknown as Record<string, unknown>;
}

describe("text inputs: the limits of docs/PROTOCOL.md", () => {
  it("a will of 1000 characters passes, 1001 is refused; characters are code points", () => {
    expect(TEXT_LIMITS).toEqual({ will: 1000, ad: 300, message: 600, pseudonym: 32 });
    accepted({ kind: "will", text: "ж".repeat(1000), to: null });
    accepted({ kind: "will", text: "🎩".repeat(1000), to: null });
    refused({ kind: "will", text: "a".repeat(1001), to: null }, /at most 1000 characters/);
    refused({ kind: "ad", text: "a".repeat(301), pseudonym: "R" }, /at most 300/);
    refused({ kind: "message", text: "a".repeat(601) }, /at most 600/);
    refused({ kind: "ad", text: "hi", pseudonym: "x".repeat(33) }, /at most 32/);
    expect(textLength("🎩ж")).toBe(2);
  });

  it("an empty will or message withdraws (accepted); an empty ad or pseudonym is refused", () => {
    expect(accepted({ kind: "will", text: "  ", to: null }).text).toBe("");
    expect(accepted({ kind: "message", text: "" }).text).toBe("");
    refused({ kind: "ad", text: " \n ", pseudonym: "Raven" }, /empty/);
    refused({ kind: "ad", text: "hi", pseudonym: "   " }, /empty/);
  });

  it("refuses control and bidi-override characters; keeps line breaks in texts, not in pseudonyms", () => {
    refused({ kind: "will", text: "a\u0007b", to: null }, /control/);
    refused({ kind: "ad", text: "evil\u202egnp.exe", pseudonym: "R" }, /bidi/);
    refused({ kind: "ad", text: "hi", pseudonym: "Ra\nven" }, /control/);
    refused({ kind: "ad", text: "hi", pseudonym: "\u2066Raven" }, /bidi/);
    expect(accepted({ kind: "will", text: "line 1\r\nline 2\tend", to: null }).text).toBe(
      "line 1\nline 2 end",
    );
  });

  it("normalizes pseudonyms (NFC, one space) and compares them without case", () => {
    const a = accepted({ kind: "ad", text: "hi", pseudonym: "  Der   Rabe " });
    expect(a.pseudonym).toBe("Der Rabe");
    const decomposed = accepted({ kind: "pseudonym", pseudonym: "Mo\u0308we", to: 2 });
    expect(decomposed.pseudonym).toBe("Möwe");
    expect(pseudonymKey("DER RABE")).toBe(pseudonymKey("der rabe"));
  });

  it("checks the recipients of a will and the target of a handover", () => {
    refused({ kind: "will", text: "x", to: [] }, /too_small|at least|>=1/i);
    refused({ kind: "will", text: "x", to: [2, 2] }, /twice/);
    refused({ kind: "will", text: "x", to: [21] }, /20|too_big|<=/i);
    refused({ kind: "pseudonym", pseudonym: "R", to: 0 }, /1|too_small|>=/i);
    expect(accepted({ kind: "will", text: "x", to: [2, 5] }).to).toEqual([2, 5]);
  });

  it("HTML and script are plain text to the protocol: passed on unchanged, for the screens to escape", () => {
    const text = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    expect(accepted({ kind: "ad", text, pseudonym: "<b>R</b>" }).text).toBe(text);
  });
});
