/** Shared option parsing: every wrong or unknown option name is reported, none is guessed. */
import type { z } from "zod";

export function parseStrictOptions<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  raw: Record<string, unknown>,
): { ok: true; options: z.infer<S>; warnings: string[] } | { ok: false; errors: string[] } {
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, options: result.data, warnings: [] };
  const errors = result.error.issues.map((issue) => {
    if (issue.code === "unrecognized_keys") {
      return `options: unknown option${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `"${k}"`).join(", ")}`;
    }
    return `options.${issue.path.join(".")}: ${issue.message}`;
  });
  return { ok: false, errors };
}
