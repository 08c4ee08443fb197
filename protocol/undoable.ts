/**
 * `host/undoable` (retained, host only): the inputs a host `undo` may take back now, newest
 * first, so that the judge sees what a correction would take back and picks one (issue 24).
 * Each entry is a journal record (`n`, the number an `undo` names in `undoes`) with its
 * input as journaled; an ad's or a handed pseudonym's author is hidden as in the undo reply
 * (FORUM-NEWS-06). A sensor reading after which the hub removed a seat (peeking,
 * provocation) carries that `removal`: taking the reading back takes the removal back.
 */
import { z } from "zod";
import { seatNumberSchema } from "./inputs.js";

/** How many entries the list holds at most: the last inputs, not the whole game. */
export const UNDOABLE_SHOWN = 15;

export const undoableEntrySchema = z.object({
  n: z.number().int().min(0),
  at: z.number(),
  input: z.object({
    type: z.enum(["seat", "host"]),
    seat: seatNumberSchema.nullable().optional(),
    action: z.record(z.string(), z.unknown()),
  }),
  removal: z.object({ seat: seatNumberSchema, cause: z.string() }).optional(),
});

export const undoableListSchema = z.object({
  table: z.string(),
  entries: z.array(undoableEntrySchema).max(UNDOABLE_SHOWN),
});

export type UndoableEntry = z.infer<typeof undoableEntrySchema>;
export type UndoableList = z.infer<typeof undoableListSchema>;
