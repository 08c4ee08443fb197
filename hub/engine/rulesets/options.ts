/** Shared option parsing: every wrong or unknown option name is reported, none is guessed. */
import { z } from "zod";

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

/**
 * Venue branding (APP-CUST-01..04), accepted by every ruleset: text and a logo for the
 * screens, carried in the public state's extras, never read by a rule.
 */
export const brandingSchema = z
  .strictObject({
    name: z.string().max(60).optional(),
    /** An image URL (https:, or a data: URL of at most ~48 KiB) for the display's corner. */
    logo: z
      .string()
      .max(65_536)
      .regex(/^(https?:|data:image\/)/, "logo must be an http(s) or data:image URL")
      .optional(),
    welcome: z.string().max(500).optional(),
    houseRules: z.array(z.string().max(300)).max(20).optional(),
  })
  .optional();

export type Branding = z.infer<typeof brandingSchema>;
