/**
 * Forum as a whole: random games of legal moves (every offered action, the liar's
 * "straight", attacks, guesses, the host's warnings and removals) reach an end, replay to
 * the same state, and keep roles and private results out of the public view on the way.
 */
import { describe, expect, it } from "vitest";
import { publicView } from "../../hub/engine/index.js";
import { FORUM_OPTION_SETS, newForumGame, playForum, seedHex } from "../helpers/random-forum.js";
import { mulberry32, replayBoth } from "../helpers/random-game.js";

describe("random forum games", () => {
  it("reach an end with a winner and every role shown; replay to the same state", () => {
    const winners = new Set<string>();
    for (let g = 0; g < 24; g++) {
      const options = FORUM_OPTION_SETS[g % FORUM_OPTION_SETS.length] as Record<string, unknown>;
      const seed = seedHex(9100 + g);
      const { state, offered } = playForum(seed, mulberry32(g), options);
      expect(state.phase, `game ${g}`).toBe("ended");
      winners.add(state.winner as string);
      expect(publicView(state, 0).roles).not.toBeNull();
      if (g % 6 === 0) {
        const { stepped, inPlace } = replayBoth(() => newForumGame(seed, options), offered);
        expect(stepped).toEqual(state);
        expect(inPlace).toEqual(state);
      }
    }
    expect(winners.has("town") || winners.has("mafia")).toBe(true);
  });

  it("never shows a living seat's role or anyone's private result in public", () => {
    for (let g = 0; g < 8; g++) {
      playForum(
        seedHex(9300 + g),
        mulberry32(100 + g),
        FORUM_OPTION_SETS[g % FORUM_OPTION_SETS.length] ?? {},
        (s) => {
          if (s.phase === "ended") return;
          const pub = publicView(s, 0);
          for (const seat of pub.seats) if (seat.alive) expect(seat.role).toBeNull();
          const text = JSON.stringify(pub);
          for (const key of [
            "status.true",
            "insider.hit",
            "forum.check.",
            "forum.compare.",
            "forum.spy.",
            "forum.office",
          ])
            expect(text).not.toContain(key);
        },
      );
    }
  });
});
