/**
 * Team colours for the end screen, where the public state gives roles but not teams.
 * Only what shared/GLOSSARY.md and PROTOCOL.md name; an unknown role gets no colour.
 */
const BLACK: Record<string, readonly string[]> = {
  sport: ["don", "mafia"],
  app: ["godfather", "consigliere", "soldier"],
  hunt: ["boss", "mafia"],
  forum: ["boss", "spy", "framer", "mafia"],
};
const MANIAC: Record<string, readonly string[]> = { hunt: ["maniac"] };

export function teamOfRole(ruleset: string, role: string): "town" | "mafia" | "maniac" | null {
  if (BLACK[ruleset]?.includes(role)) return "mafia";
  if (MANIAC[ruleset]?.includes(role)) return "maniac";
  return BLACK[ruleset] ? "town" : null;
}
