/**
 * Issue 28, FORUM-NEWS-04: lone-surrogate escapes (`\ud800`, `\udfff`) and U+FFFD were
 * accepted as three different pseudonyms, all drawn as "�". Invalid UTF-16 is refused in
 * every text input, and U+FFFD is folded out of the pseudonym key like other characters
 * that tell nothing apart.
 */
import { describe, expect, it } from "vitest";
import { type DecodeError, decodeSeatInput, pseudonymKey } from "../../protocol/index.js";

let seq = 0;
/** The JSON text is written by hand: JSON.stringify would escape a lone surrogate the same way. */
const send = (fields: string) => decodeSeatInput(`{"boot":"9f3a01c2","seq":${++seq},${fields}}`);

describe("FORUM-NEWS-04: invalid UTF-16 and the replacement character", () => {
  it("lone surrogates are refused in a pseudonym, an ad, a will and a message", () => {
    for (const fields of [
      '"kind":"ad","text":"hi","pseudonym":"\\ud800"',
      '"kind":"ad","text":"hi","pseudonym":"Ra\\udfffven"',
      '"kind":"ad","text":"\\ud800","pseudonym":"Raven"',
      '"kind":"pseudonym","pseudonym":"\\udc00","to":4',
      '"kind":"will","text":"x\\ud83d","to":null',
      '"kind":"message","text":"\\udfff"',
    ]) {
      const r = send(fields);
      expect(r.ok, fields).toBe(false);
      expect((r as DecodeError).message, fields).toMatch(/not valid UTF-16/);
    }
  });

  it("a surrogate pair (an emoji) is still accepted", () => {
    expect(send('"kind":"ad","text":"\\ud83c\\udfa9","pseudonym":"\\ud83c\\udfa9"').ok).toBe(true);
  });

  it("U+FFFD is folded: a pseudonym with it reads the same as without it", () => {
    expect(pseudonymKey("Raven\ufffd")).toBe(pseudonymKey("Raven"));
    expect(pseudonymKey("\ufffd")).toBe(pseudonymKey("\ufffd\ufffd"));
    expect(send('"kind":"ad","text":"hi","pseudonym":"\\ufffd"').ok).toBe(true);
  });
});
