/** The phone's texts as they go on the wire (no DOM here: the simulator and tests use it too). */
/**
 * NFC, CRLF as LF, tabs as spaces, trimmed: what protocol/text.ts makes of a text anyway.
 * A decomposed or padded-out text would otherwise be longer on the wire than the limit it
 * meets, and could spill over the padding's one size.
 */
export function normalizedText(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...fields };
  for (const key of ["text", "pseudonym"]) {
    const value = out[key];
    if (typeof value === "string")
      out[key] = value.normalize("NFC").replace(/\r\n?/g, "\n").replace(/\t/g, " ").trim();
  }
  return out;
}
