/**
 * Team colours for the end screen, where the public state gives roles but not teams: the
 * game's manifest says each role's team (its role files, protocol/manifest.ts). A role the
 * manifest does not list, or no manifest yet, gets no colour.
 */
import type { RulesetManifest } from "../../protocol/manifest.js";
import type { Team } from "../../protocol/views.js";

export function teamOfRole(manifest: RulesetManifest | null, role: string): Team | null {
  return manifest?.roles.find((r) => r.id === role)?.team ?? null;
}
