/**
 * Who is speaking stays with the judge (issue 26, docs/PROTOCOL.md "Voice"): the levels a
 * seat's microphone sends, who the hub attributes speech to and the candidates reach the
 * host view (and the journal), never a seat's view, the public view nor the audience's.
 * The public view says only whether the table hears (`voice: true`), which every device
 * needs to know whether to listen.
 */
import { describe, expect, it } from "vitest";
import {
  audienceView,
  hostView,
  publicLogEntry,
  publicTextView,
  publicView,
  seatTextView,
  seatView,
} from "../../hub/engine/index.js";
import { DEAL, EngineDriver } from "../helpers/engine-driver.js";

/** Levels no seat sends otherwise, so that finding one in a view is finding a leak. */
const LOUD = 87;
const BLEED = 43;

describe("voice data in the views", () => {
  it("reaches the host view only: no seat, public or audience view carries levels, speakers or candidates", () => {
    const d = new EngineDriver({ options: { voice: true } }).start(DEAL).skipNight();
    for (let s = 1; s <= 10; s++) d.seat(s, { kind: "hello", fw: "phone", caps: ["mic"] });
    // Seat 4 talks over seat 1's speech; seat 5 hears the bleed. Stop before the windows
    // settle, so levels still wait in the host state, and one settled candidate besides.
    for (let t = 0; t < 3000; t += 500) {
      d.tick(500);
      expect(d.seat(4, { kind: "voice", on: true, levels: Array(5).fill(LOUD) })).toBeNull();
      expect(d.seat(5, { kind: "voice", on: true, levels: Array(5).fill(BLEED) })).toBeNull();
    }
    const state = d.state;
    const host = hostView(state, d.at);
    expect(host.voice?.speaking).toBe(4);
    expect(host.voice?.candidates).toMatchObject([{ seat: 4, kind: "turn", during: 1 }]);
    expect(JSON.stringify(host.voice?.tracks)).toContain(String(LOUD));

    const leaks = (text: string) =>
      ["candidates", "speaking", "tracks", "levels", `:${LOUD}`, `:${BLEED}`].filter((w) =>
        text.includes(w),
      );
    const pub = publicView(state, d.at);
    expect(pub.voice).toBe(true);
    const others: [string, unknown][] = [
      ["public", pub],
      ["audience", audienceView(state, d.at)],
      ["public text", publicTextView(state)],
      ...d.effects.flatMap((e, i): [string, unknown][] =>
        e.type === "log" ? [[`log ${i}`, publicLogEntry(state, e.entry)]] : [],
      ),
    ];
    for (let s = 1; s <= 10; s++) {
      others.push([`seat ${s}`, seatView(state, s)], [`seat ${s} text`, seatTextView(state, s)]);
    }
    for (const [name, view] of others) {
      expect({ name, leaks: leaks(JSON.stringify(view) ?? "") }).toEqual({ name, leaks: [] });
    }
  });
});
