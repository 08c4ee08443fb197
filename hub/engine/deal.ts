/**
 * The deal and its public commitment: SHA-256 over `salt + ":" + roles.join(",")`
 * (PROTOCOL.md), published before the first night and opened at the end, so that anyone
 * can check afterwards that the deal was not changed during the game.
 */
import { createHash } from "node:crypto";
import { nextHex, type RngState, shuffleInPlace } from "./rng.js";

export function dealCommitment(salt: string, roles: readonly string[]): string {
  return createHash("sha256")
    .update(`${salt}:${roles.join(",")}`, "utf8")
    .digest("hex");
}

export function verifyDeal(commitment: string, salt: string, roles: readonly string[]): boolean {
  return dealCommitment(salt, roles) === commitment;
}

export function deal(rng: RngState, composition: readonly string[]) {
  const roles = shuffleInPlace(rng, [...composition]);
  const salt = nextHex(rng, 16);
  return { roles, salt, commitment: dealCommitment(salt, roles) };
}
