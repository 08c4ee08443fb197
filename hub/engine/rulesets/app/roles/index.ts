import { commissar } from "./commissar.js";
import { consigliere } from "./consigliere.js";
import { councillor } from "./councillor.js";
import { doctor } from "./doctor.js";
import { godfather } from "./godfather.js";
import type { AppRole } from "./role.js";
import { soldier } from "./soldier.js";

export const APP_ROLES: Record<string, AppRole> = {
  councillor,
  godfather,
  consigliere,
  soldier,
  commissar,
  doctor,
};

export function appRole(id: string | null): AppRole | null {
  return id !== null && Object.hasOwn(APP_ROLES, id) ? (APP_ROLES[id] as AppRole) : null;
}

/** APP-OPEN-02: 1 = Pate; 2 = + Consigliere; 3 and 4 = + Soldiers. */
export function mafiaRoles(size: number): string[] {
  const roles = ["godfather"];
  if (size >= 2) roles.push("consigliere");
  for (let i = 2; i < size; i++) roles.push("soldier");
  return roles;
}
