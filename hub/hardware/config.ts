/**
 * `npm start -- --board CONFIG`: the JSON file that says which Firmata boards the hub
 * drives, how to reach each (USB serial or TCP), and what is wired to which pin: a host
 * box (buttons, seat selector, lamps, buzzer, character LCD) and wired seats (thumb and
 * blindfold switches, a vibration motor). Checked with zod; every error names its field.
 */
import { readFile } from "node:fs/promises";
import { z } from "zod";
import { isTableId, MAX_SEATS } from "../../protocol/index.js";
import { WORD_LANGS } from "../../protocol/words/index.js";

/**
 * A pin: the board's digital pin number (on an Uno A0..A5 are 14..19), or an analog pin's
 * name like "A0" used as a digital pin. Pins 0 and 1 are the serial line Firmata itself
 * speaks over (RX/TX): a switch there reads the traffic, an output there garbles it.
 */
const pin = z.union([
  z.number().int().min(0).max(127),
  z.string().regex(/^A\d{1,2}$/, 'a pin is a number or an analog pin name like "A0"'),
]);
export type PinId = z.infer<typeof pin>;

const transport = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("tcp"),
    host: z.string().min(1),
    port: z.number().int().min(1).max(65535),
  }),
  z.strictObject({
    type: z.literal("serial"),
    /** e.g. /dev/ttyACM0 (StandardFirmata runs at 57600 baud). */
    path: z.string().min(1),
    baudRate: z.number().int().positive().default(57600),
  }),
]);

const lcd = z.strictObject({
  /** A character LCD on a PCF8574 I2C backpack (the common 16x2 / 20x4 modules). */
  controller: z.enum(["PCF8574", "PCF8574A"]).default("PCF8574"),
  /** I2C address; default 0x27 (PCF8574) or 0x3F (PCF8574A). */
  address: z.number().int().min(0).max(127).optional(),
  cols: z.union([z.literal(16), z.literal(20)]).default(16),
  rows: z.union([z.literal(2), z.literal(4)]).default(2),
  /** The language of its lines (protocol/words `box.*`), written in the ROM's letters. */
  lang: z.enum(WORD_LANGS).default("en"),
});

const box = z
  .strictObject({
    /** Push buttons to ground (internal pull-up). */
    buttons: z.strictObject({
      next: pin.optional(),
      pause: pin.optional(),
      foul: pin.optional(),
      /** The seat selector as two buttons... */
      seatUp: pin.optional(),
      seatDown: pin.optional(),
    }),
    /** ...or as a rotary encoder (A and B to ground). */
    encoder: z.strictObject({ a: pin, b: pin }).optional(),
    lamps: z.strictObject({ day: pin.optional(), night: pin.optional() }).default({}),
    /** An active buzzer (it sounds while its pin is high). */
    buzzer: pin.optional(),
    /** Seconds before a speech's end that the buzzer warns. */
    warnSeconds: z.number().int().min(1).max(60).default(10),
    lcd: lcd.optional(),
  })
  .refine((b) => b.buttons.foul === undefined || (selectorOf(b) !== null && b.lcd !== undefined), {
    message:
      "a foul button needs a seat selector (buttons.seatUp and seatDown, or encoder) and an lcd to show the seat",
    path: ["buttons", "foul"],
  });

const wiredSeat = z.strictObject({
  seat: z.number().int().min(1).max(MAX_SEATS),
  /** Switches to ground (internal pull-up): closed = thumb down / blindfold on. */
  thumb: pin,
  blindfold: pin,
  /** A vibration motor through a transistor; optional. */
  motor: pin.optional(),
});

const board = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]{1,32}$/, "an id is [a-z0-9-]{1,32}"),
  transport,
  box: box.optional(),
  seats: z.array(wiredSeat).max(MAX_SEATS).default([]),
});

export const boardConfigSchema = z
  .strictObject({
    table: z.string().refine(isTableId, "a table id is [a-z0-9-]{1,32}").default("t1"),
    boards: z.array(board).min(1),
  })
  .superRefine((c, ctx) => {
    const seats = new Map<number, string>();
    const ids = new Set<string>();
    c.boards.forEach((b, i) => {
      if (ids.has(b.id))
        ctx.addIssue({
          code: "custom",
          path: ["boards", i, "id"],
          message: `board id "${b.id}" is used twice`,
        });
      ids.add(b.id);
      b.seats.forEach((s, j) => {
        const where = `boards[${i}].seats[${j}]`;
        const other = seats.get(s.seat);
        if (other)
          ctx.addIssue({
            code: "custom",
            path: ["boards", i, "seats", j, "seat"],
            message: `seat ${s.seat} is wired twice (also ${other})`,
          });
        seats.set(s.seat, where);
      });
      for (const clash of pinClashes(b))
        ctx.addIssue({
          code: "custom",
          path: ["boards", i, ...clash.path],
          message: clash.message,
        });
    });
    if (c.boards.filter((b) => b.box).length > 1)
      ctx.addIssue({
        code: "custom",
        path: ["boards"],
        message: "only one board may carry the host box",
      });
  });

export type BoardConfig = z.infer<typeof boardConfigSchema>;
export type BoardSpec = BoardConfig["boards"][number];
export type BoxSpec = NonNullable<BoardSpec["box"]>;
export type WiredSeatSpec = BoardSpec["seats"][number];

export function selectorOf(b: {
  buttons: { seatUp?: PinId | undefined; seatDown?: PinId | undefined };
  encoder?: unknown;
}): "buttons" | "encoder" | null {
  if (b.encoder) return "encoder";
  if (b.buttons.seatUp !== undefined && b.buttons.seatDown !== undefined) return "buttons";
  return null;
}

/** The pins Firmata's own serial line (RX, TX) runs on; nothing else may use them. */
const SERIAL_PINS: readonly PinId[] = [0, 1];

interface PinUse {
  path: (string | number)[];
  /** What a person calls it: "seat 10 thumb", "box buzzer". */
  part: string;
  pin: PinId;
}

/** Every pin a board's wiring uses, by the field that names it. */
function pinsOf(b: z.infer<typeof board>): PinUse[] {
  const out: PinUse[] = [];
  const add = (path: (string | number)[], p: PinId | undefined) => {
    if (p === undefined) return;
    const seat = path[0] === "seats" ? b.seats[path[1] as number]?.seat : undefined;
    const part = seat === undefined ? path.join(" ") : `seat ${seat} ${path[2]}`;
    out.push({ path, part, pin: p });
  };
  if (b.box) {
    for (const [k, p] of Object.entries(b.box.buttons)) add(["box", "buttons", k], p as PinId);
    add(["box", "encoder", "a"], b.box.encoder?.a);
    add(["box", "encoder", "b"], b.box.encoder?.b);
    add(["box", "lamps", "day"], b.box.lamps.day);
    add(["box", "lamps", "night"], b.box.lamps.night);
    add(["box", "buzzer"], b.box.buzzer);
  }
  b.seats.forEach((s, j) => {
    add(["seats", j, "thumb"], s.thumb);
    add(["seats", j, "blindfold"], s.blindfold);
    add(["seats", j, "motor"], s.motor);
  });
  return out;
}

function pinClashes(b: z.infer<typeof board>): { path: (string | number)[]; message: string }[] {
  const seen = new Map<string, string>();
  const out: { path: (string | number)[]; message: string }[] = [];
  for (const { path, part, pin: p } of pinsOf(b)) {
    if (SERIAL_PINS.includes(p)) {
      out.push({
        path,
        message: `${part} is on pin ${p}, the board's serial line (RX/TX) Firmata talks over; use pin 2 or above`,
      });
      continue;
    }
    const name = formatPath(path);
    const other = seen.get(String(p));
    if (other) out.push({ path, message: `pin ${p} is already used by ${other}` });
    else seen.set(String(p), name);
  }
  return out;
}

function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const k of path) out += typeof k === "number" ? `[${k}]` : out ? `.${String(k)}` : String(k);
  return out;
}

/** Parses a config; throws one Error whose lines each name a field and what is wrong with it. */
export function parseBoardConfig(json: unknown, source = "board config"): BoardConfig {
  const parsed = boardConfigSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `  ${formatPath(i.path) || "(top)"}: ${i.message}`);
  throw new Error(`${source} is not valid:\n${lines.join("\n")}`);
}

export async function loadBoardConfig(path: string): Promise<BoardConfig> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, "utf8"));
  } catch (err) {
    throw new Error(`${path}: ${(err as Error).message}`);
  }
  return parseBoardConfig(json, path);
}
