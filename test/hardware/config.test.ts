/** The board config (`--board FILE`): the examples parse; every error names its field. */
import { describe, expect, it } from "vitest";
import { loadBoardConfig, parseBoardConfig } from "../../hub/hardware/config.js";

const tcp = { type: "tcp", host: "127.0.0.1", port: 3030 };
const errorOf = (json: unknown): string => {
  try {
    parseBoardConfig(json, "board.json");
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error("expected the config to be refused");
};

describe("the board config", () => {
  it.each(["hub/hardware/board.example.json", "hub/hardware/board.serial.example.json"])(
    "parses %s, with defaults filled in",
    async (path) => {
      const c = await loadBoardConfig(path);
      expect(c.table).toBe("t1");
      expect(c.boards.length).toBeGreaterThan(0);
      const box = c.boards.find((b) => b.box)?.box;
      expect(box?.warnSeconds).toBe(10);
    },
  );

  it("names the field of each error", () => {
    const message = errorOf({
      boards: [
        {
          id: "Box!",
          transport: { type: "tcp", host: "", port: 70000 },
          box: { buttons: { next: "D3" }, bogus: 1 },
          seats: [{ seat: 21, thumb: 2, blindfold: 2 }],
        },
      ],
    });
    expect(message).toMatch(/^board\.json is not valid:/);
    for (const field of [
      "boards[0].id",
      "boards[0].transport.host",
      "boards[0].transport.port",
      "boards[0].box.buttons.next",
      "boards[0].box",
      "boards[0].seats[0].seat",
    ])
      expect(message).toContain(`  ${field}: `);
    expect(message).toMatch(/bogus/);
  });

  it("refuses a pin used twice on one board, naming both uses", () => {
    const message = errorOf({
      boards: [
        {
          id: "b",
          transport: tcp,
          box: { buttons: { next: 2 }, buzzer: 5 },
          seats: [{ seat: 1, thumb: 2, blindfold: 5 }],
        },
      ],
    });
    expect(message).toContain(
      "boards[0].seats[0].thumb: pin 2 is already used by box.buttons.next",
    );
    expect(message).toContain("boards[0].seats[0].blindfold: pin 5 is already used by box.buzzer");
  });

  it("refuses a seat wired twice, two host boxes, and a foul button with no way to pick a seat", () => {
    const seat = (n: number, a: number) => ({ seat: n, thumb: a, blindfold: a + 1 });
    const message = errorOf({
      boards: [
        { id: "a", transport: tcp, box: { buttons: { foul: 4 } }, seats: [seat(3, 10)] },
        { id: "b", transport: tcp, box: { buttons: { next: 4 } }, seats: [seat(3, 10)] },
      ],
    });
    expect(message).toContain(
      "boards[1].seats[0].seat: seat 3 is wired twice (also boards[0].seats[0])",
    );
    expect(message).toContain("boards: only one board may carry the host box");
    expect(message).toContain("boards[0].box.buttons.foul: a foul button needs a seat selector");
  });

  it("refuses a sensor or an output on pins 0/1 (the serial line), naming the seat or part", () => {
    const message = errorOf({
      boards: [
        {
          id: "b",
          transport: tcp,
          box: { buttons: { next: 2 }, buzzer: 1 },
          seats: [{ seat: 5, thumb: 0, blindfold: 3, motor: 1 }],
        },
      ],
    });
    expect(message).toContain(
      "boards[0].box.buzzer: box buzzer is on pin 1, the board's serial line",
    );
    expect(message).toContain(
      "boards[0].seats[0].thumb: seat 5 thumb is on pin 0, the board's serial",
    );
    expect(message).toContain(
      "boards[0].seats[0].motor: seat 5 motor is on pin 1, the board's serial",
    );
  });

  it("says which file could not be read or parsed", async () => {
    await expect(loadBoardConfig("/nonexistent/board.json")).rejects.toThrow(
      /^\/nonexistent\/board\.json: /,
    );
  });
});
