/**
 * `audience/state` (retained, audience only): the public state plus what the rules let a
 * hall or a stream know beyond the table (sport, SPORT-SETUP-05: every role, the night's
 * choices once each step is over, the checks and their answers), or `audience: null`.
 * The engine builds it in hub/engine/views.ts (audienceView).
 */
import { z } from "zod";
import { seatNumberSchema } from "./inputs.js";
import { publicStateSchema } from "./views.js";

export const audienceExtraSchema = z.object({
  /** Seat → role id, from the deal on. */
  roles: z.record(z.string(), z.string()),
  /** Night choices of steps already over, oldest first. */
  night: z.array(
    z.object({
      round: z.number().int().min(0),
      step: z.string(),
      seat: seatNumberSchema,
      action: z.string(),
      targets: z.array(seatNumberSchema),
    }),
  ),
  /** Checks made in steps already over, with their answers (result keys as on seat views). */
  results: z.array(
    z.object({
      seat: seatNumberSchema,
      night: z.number().int().min(0),
      key: z.string(),
      seats: z.array(seatNumberSchema),
    }),
  ),
});
export type AudienceExtra = z.infer<typeof audienceExtraSchema>;

export const audienceStateSchema = publicStateSchema.extend({
  audience: audienceExtraSchema.nullable(),
});
export type AudienceState = z.infer<typeof audienceStateSchema>;
