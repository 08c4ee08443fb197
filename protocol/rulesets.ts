/**
 * Hub → host console: `host/rulesets` (retained), the rulesets this hub can run and each
 * one's options, machine-readable, so that the setup form offers only what the chosen
 * ruleset accepts. Derived from each ruleset's options schema (hub/engine/rulesets/options.ts).
 */
import { z } from "zod";
import { rulesetIdSchema } from "./host.js";
import { rulesetManifestSchema } from "./manifest.js";

export const OPTION_TYPES = ["number", "integer", "boolean", "choice", "text", "object"] as const;

export const optionSpecSchema = z.object({
  name: z.string(),
  type: z.enum(OPTION_TYPES),
  /** Absent: the ruleset computes it from the rest (e.g. the app's mafia size). */
  default: z.unknown().optional(),
  /** `null` is allowed (e.g. "no timer"). */
  nullable: z.boolean(),
  min: z.number().optional(),
  max: z.number().optional(),
  choices: z.array(z.string()).optional(),
});
export type OptionSpec = z.infer<typeof optionSpecSchema>;

export const rulesetListSchema = z.object({
  rulesets: z.array(
    z.object({
      id: rulesetIdSchema,
      options: z.array(optionSpecSchema),
      /** Added after the options: absent from older hubs (protocol/manifest.ts). */
      manifest: rulesetManifestSchema.optional(),
    }),
  ),
});
export type RulesetList = z.infer<typeof rulesetListSchema>;

/**
 * Hub → everyone at the table: `public/rulesets` (retained), each ruleset's manifest
 * without its options, so that the display, the audience screen and phones read what the
 * game is made of (its capabilities, steps and words) without host rights. The same for
 * every reader, and told again only when the words registered in the hub change (`words`
 * below; protocol/words onRegisteredWordsChange): it tells nothing about a game.
 */
export const publicRulesetsSchema = z.object({
  rulesets: z.array(z.object({ id: rulesetIdSchema, manifest: rulesetManifestSchema })),
  /**
   * The words registered in the hub's process at run time (protocol/words registerWords),
   * by language, then key: the screens' bundle has the built-in ones, not these. Absent
   * from older hubs; `{}` when nothing is registered.
   */
  words: z
    .record(
      z.string().regex(/^[a-z]{2}$/),
      z.record(z.string().regex(/^[a-zA-Z][\w.-]{0,99}$/), z.string().max(500)),
    )
    .optional(),
});
export type PublicRulesets = z.infer<typeof publicRulesetsSchema>;
