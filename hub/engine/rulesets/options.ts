/** Shared option parsing: every wrong or unknown option name is reported, none is guessed. */
import { z } from "zod";
import type { OptionSpec } from "../../../protocol/index.js";

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

type JsonSchema = {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
};

/**
 * The options a ruleset accepts, machine-readable (name, type, default, min/max, choices),
 * derived from its options schema so that the description cannot drift from the parser.
 */
export function describeOptions(schema: z.ZodObject): OptionSpec[] {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as {
    properties: Record<string, JsonSchema>;
  };
  return Object.entries(json.properties).map(([name, p]) => {
    const variants = p.anyOf ?? [p];
    const nullable = variants.some((v) => v.type === "null");
    const v = variants.find((x) => x.type !== "null") ?? {};
    const spec: OptionSpec = { name, type: typeOf(v), nullable };
    if ("default" in p) spec.default = p.default;
    if (v.minimum !== undefined) spec.min = v.minimum;
    if (v.maximum !== undefined) spec.max = v.maximum;
    if (v.enum) spec.choices = v.enum.map(String);
    return spec;
  });
}

function typeOf(v: JsonSchema): OptionSpec["type"] {
  if (v.enum) return "choice";
  if (v.type === "integer" || v.type === "number" || v.type === "boolean") return v.type;
  if (v.type === "string") return "text";
  return "object";
}

/**
 * Who is speaking (issue 26): voice inputs from seats that declared `mic` are heard only
 * where the host turned this on. Every ruleset takes it; the core reads it (voice.ts).
 */
export const voiceOption = z.boolean().default(false);

/**
 * Whether a removal's cause and reason (peeking, provocation, the host's words) reach the
 * table's screens (issue 24). Off by default: the judge's console reads them from the host
 * view; the public view and `public/log` say only who was removed (views.ts publicLogEntry).
 */
export const showRemovalCauseOption = z.boolean().default(false);
