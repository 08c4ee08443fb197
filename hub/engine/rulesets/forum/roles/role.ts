import type { ForumActionId } from "../../../../../protocol/index.js";
import type { RoleDef } from "../../../ruleset.js";

/** The action ids of the forum (protocol/forum.ts). */
export type ForumAction = ForumActionId;

/**
 * A forum role. Abilities name actions, never other roles: the night (forum/night/) asks
 * each seat by its `night` abilities, the day by its `day` ones; `anytime` abilities are
 * offered in every phase (the terrorist's attack, FORUM-TERR-01). Every living seat also
 * votes by day (FORUM-VOTE-01), so `vote` is nobody's own ability.
 */
export interface ForumRole extends RoleDef {
  /** The party a check or comparison reports and the wins count (FORUM-WIN-05, FORUM-OPEN-05 a). */
  party: "town" | "mafia";
  night: readonly ForumAction[];
  day: readonly ForumAction[];
  anytime: readonly ForumAction[];
  /**
   * Abilities that need no action, only change how the role's own acts count (the liar's
   * vote counting −1, FORUM-LIAR-02): declared in the manifest so screens read them there.
   */
  passive?: readonly string[];
  /** FORUM-SETUP-08: whether the seat gets the 2nd status message (plain citizens do not). */
  special: boolean;
  /** On which nights the `night` actions are offered (FORUM-DET-01, FORUM-MM-01); all if left out. */
  nights?: "even" | "odd";
  /** Holds the mafia's office at the start (FORUM-BOSS-01): `kill` and `successor` go with it. */
  office?: boolean;
  /** Learns at dawn whom the night's checks asked, not the answers (FORUM-SPY-02). */
  watchesChecks?: boolean;
  /** The murder cannot kill him (FORUM-KILL-05). */
  murderProof?: boolean;
}
