/**
 * Issue 23's proof for a role: a toy hunt role, the veteran, lives only in
 * test/helpers/hunt-veteran/ (one ability card, one role file, its words) and is registered
 * here; it plays through the engine, the public and host views and the record, with no
 * other file naming it (HUNT-TOY-01..04).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostView, publicView, rulesetById } from "../../hub/engine/index.js";
import {
  registerHuntAbility,
  unregisterHuntAbility,
} from "../../hub/engine/rulesets/hunt/abilities/index.js";
import {
  registerHuntRole,
  unregisterHuntRole,
} from "../../hub/engine/rulesets/hunt/roles/index.js";
import { recordFromJournal } from "../../hub/record/extract.js";
import { sheetHtml } from "../../hub/record/html.js";
import { hostFlowSchema, publicStateSchema } from "../../protocol/index.js";
import { gameWord, registerWords } from "../../protocol/words/index.js";
import { journalOf } from "../helpers/driver-journal.js";
import { EngineDriver } from "../helpers/engine-driver.js";
import { alert } from "../helpers/hunt-veteran/alert.js";
import { registerVeteran, unregisterVeteran } from "../helpers/hunt-veteran/index.js";
import { veteran } from "../helpers/hunt-veteran/veteran.js";
import { sourceFilesNaming } from "../helpers/source-names.js";

/** The veteran's names: his role, his card's book and strike, his words (not ARIA's role="alert"). */
const NAMES = /veteran|"alerts"|alert-strike|action\.alert/;

beforeAll(registerVeteran);
afterAll(unregisterVeteran);

/** A 12-seat hunt in its first night, dealt from the seed (the journal replays that deal). */
function table(): EngineDriver {
  return new EngineDriver({ ruleset: "hunt", seats: 12, options: { firstPhase: "night" } }).start();
}
const seatOf = (d: EngineDriver, role: string) =>
  d.state.seats.find((s) => s.role === role)?.seat ?? 0;
const act = (d: EngineDriver, seat: number, action: string, target: number) =>
  d.ok({ type: "seat", at: d.at, seat, action: { kind: "act", action, targets: [target] } });

/** The night the veteran is on alert and the mafia shoot him (the Doctor heals himself). */
function alertNight(d: EngineDriver) {
  const vet = seatOf(d, "veteran");
  const shooter = seatOf(d, "mafia");
  const doctor = seatOf(d, "doctor");
  act(d, vet, "alert", vet);
  act(d, shooter, "shoot", vet);
  act(d, doctor, "heal", doctor);
  return { vet, shooter };
}

describe("a hunt role registered by a test (the veteran)", () => {
  it("HUNT-TOY-01: is dealt for a civilian, in the manifest, and offered only his alert", () => {
    const d = table();
    const vet = seatOf(d, "veteran");
    expect(vet).toBeGreaterThan(0);
    expect(d.state.seats.filter((s) => s.role === "civilian")).toHaveLength(6);
    const role = rulesetById("hunt")?.manifest.roles.find((r) => r.id === "veteran");
    expect(role).toEqual({ id: "veteran", team: "town", side: "civilian", abilities: ["alert"] });
    const mine = publicView(d.state, d.at).seats.find((s) => s.seat === vet);
    expect(mine).toBeDefined();
    expect(d.seat(vet, { kind: "act", action: "alert", targets: [1 + (vet % 12)] })).not.toBeNull();
    expect(d.seat(vet, { kind: "act", action: "hunt", targets: [1 + (vet % 12)] })).not.toBeNull();
    act(d, vet, "alert", vet);
  });

  it("HUNT-TOY-02, HUNT-TOY-03: the mafia shoot the alert veteran; the shooter dies, he lives", () => {
    const d = table();
    const { vet, shooter } = alertNight(d);
    // The host's view lists the alert's book beside the night's own fields.
    const night = hostFlowSchema.parse(hostView(d.state, d.at).flow).night;
    expect(night).toMatchObject({ alerts: { [vet]: vet }, shot: { by: shooter, target: vet } });
    d.next();
    expect(d.state.seats[vet - 1]).toMatchObject({ alive: true, out: null });
    expect(d.state.seats[shooter - 1]).toMatchObject({ alive: false, out: "killed" });
    expect(d.state.announcements.map((a) => a.key)).toContain("morning.killed");
    const pub = publicStateSchema.parse(publicView(d.state, d.at));
    expect(pub.seats.find((s) => s.seat === shooter)).toMatchObject({ alive: false });
    expect(pub.seats.find((s) => s.seat === vet)).toMatchObject({ alive: true });
    expect(JSON.stringify(pub)).not.toContain("veteran"); // his role stays secret
    expect(hostView(d.state, d.at).seats.find((s) => s.seat === vet)?.role).toBe("veteran");
  });

  it("HUNT-TOY-02, HUNT-TOY-04: a block and a heal on him are visits too, and the block does not stop the alert", () => {
    const d = table();
    const vet = seatOf(d, "veteran");
    const [boss, doctor, shooter] = [seatOf(d, "boss"), seatOf(d, "doctor"), seatOf(d, "mafia")];
    act(d, vet, "alert", vet);
    act(d, boss, "block", vet);
    act(d, doctor, "heal", vet);
    act(d, shooter, "shoot", doctor === 1 ? 2 : 1);
    d.next();
    expect(d.state.seats[vet - 1]?.alive).toBe(true);
    expect(d.state.seats[boss - 1]?.alive).toBe(false);
    expect(d.state.seats[doctor - 1]?.alive).toBe(false);
  });

  it("HUNT-TOY-02: without the alert, a visit is an ordinary one", () => {
    const d = table();
    const vet = seatOf(d, "veteran");
    const [shooter, doctor] = [seatOf(d, "mafia"), seatOf(d, "doctor")];
    act(d, shooter, "shoot", vet);
    act(d, doctor, "heal", doctor);
    d.next();
    expect(d.state.seats[vet - 1]).toMatchObject({ alive: false, out: "killed" });
    expect(d.state.seats[shooter - 1]?.alive).toBe(true);
  });

  it("HUNT-TOY-02: is replayed into a game record, in words in en, de and ru", () => {
    const d = table();
    const { vet, shooter } = alertNight(d);
    d.next();
    const record = recordFromJournal(journalOf(d));
    expect(record.seats.find((s) => s.seat === vet)).toMatchObject({ role: "veteran" });
    expect(record.seats.find((s) => s.seat === shooter)).toMatchObject({ out: "killed" });
    for (const lang of ["en", "de", "ru"] as const) {
      const html = sheetHtml(record, lang);
      expect(html).toContain(gameWord(lang, "role.hunt.veteran"));
      expect(html).toContain(gameWord(lang, "action.alert"));
      expect(html).not.toMatch(/role\.hunt\.|action\.alert/);
    }
  });

  it("the registries refuse to replace or remove a built-in card, role or word", () => {
    expect(() => registerHuntAbility({ ...alert, id: "heal" })).toThrow(/already registered/);
    expect(() => unregisterHuntAbility("block")).toThrow(/built in/);
    expect(() => registerHuntRole({ ...veteran, id: "doctor" })).toThrow(/already registered/);
    expect(() => unregisterHuntRole("boss")).toThrow(/built in/);
    expect(() => registerWords({ en: { "role.hunt.boss": "Chief" } })).toThrow(/exists/);
    expect(gameWord("en", "role.hunt.boss")).toBe("Boss");
  });

  it("HUNT-TOY-01: lives only in test/helpers/hunt-veteran/: no source file names it", () => {
    const named = sourceFilesNaming(NAMES);
    expect(named).toEqual([]);
  });
});
