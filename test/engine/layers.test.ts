/**
 * The engine's layering, read from the sources: the core is the ground floor and imports no
 * ruleset; each ruleset imports the core and its own folder; the registry is imported only
 * by the composition (hub/engine/index.ts); and no import circle is left anywhere. So a
 * ruleset folder and its one registry line can be deleted and everything else compiles.
 */
import { describe, expect, it } from "vitest";
import { ROOMS, STAYS } from "../../scripts/hub-rooms-map.js";
import { circles, type ImportGraph, importGraph } from "../helpers/import-graph.js";

const ENGINE = "hub/engine/";
const RULESETS = "hub/engine/rulesets/";
const REGISTRY = "hub/engine/rulesets/index.ts";
const COMPOSITION = "hub/engine/index.ts";

const graph = importGraph(["hub", "protocol", "firmware-sim", "web-display"]);
const isCore = (f: string) => f.startsWith(ENGINE) && !f.startsWith(RULESETS) && f !== COMPOSITION;
/** "app" for hub/engine/rulesets/app/night.ts; null for the shared files beside the folders. */
const rulesetOf = (f: string) => /^hub\/engine\/rulesets\/([^/]+)\//.exec(f)?.[1] ?? null;

describe("engine layers", () => {
  it("finds the engine's files (the scan itself works)", () => {
    expect(graph.has("hub/engine/step.ts")).toBe(true);
    expect(graph.get(COMPOSITION)).toContain(REGISTRY);
  });

  it("no core file imports a ruleset, the registry or the composition", () => {
    const bad = [...graph]
      .filter(([f]) => isCore(f))
      .flatMap(([f, to]) =>
        to.filter((t) => t.startsWith(RULESETS) || t === COMPOSITION).map((t) => `${f} → ${t}`),
      );
    expect(bad).toEqual([]);
  });

  it("a ruleset imports the core, the shared helpers and its own folder, never another ruleset", () => {
    const bad = [...graph]
      .filter(([f]) => rulesetOf(f) !== null)
      .flatMap(([f, to]) =>
        to
          .filter(
            (t) =>
              t === COMPOSITION ||
              t === REGISTRY ||
              (rulesetOf(t) ?? rulesetOf(f)) !== rulesetOf(f),
          )
          .map((t) => `${f} → ${t}`),
      );
    expect(bad).toEqual([]);
  });

  it("only the composition imports the registry", () => {
    const importers = [...graph].filter(([, to]) => to.includes(REGISTRY)).map(([f]) => f);
    expect(importers).toEqual([COMPOSITION]);
  });

  it("the hub never imports the simulator: start.ts, one level up, composes them (issue 12)", () => {
    const bad = [...graph]
      .filter(([f]) => f.startsWith("hub/"))
      .flatMap(([f, to]) =>
        to.filter((t) => t.startsWith("firmware-sim/")).map((t) => `${f} → ${t}`),
      );
    expect(bad).toEqual([]);
  });

  it("no import circle anywhere in hub, protocol, firmware-sim and web-display", () => {
    expect(circles(graph)).toEqual([]);
  });

  it("the circle finder finds a circle (so an empty list means something)", () => {
    const planted = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts"]],
    ]);
    expect(circles(planted)).toEqual([["a.ts", "b.ts", "c.ts"]]);
  });
});

/**
 * The hub's rooms (scripts/hub-rooms-map.ts): which room may import which. A file's room is
 * its folder under hub/. The root holds the hub's two front doors alone (server.ts composes
 * the rooms, cli.ts is its command line): it imports every room and no room imports it; the
 * engine and process are the ground floor.
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  engine: [],
  process: [],
  journal: ["engine", "process"],
  table: ["engine", "journal", "process"],
  mqtt: ["table", "process"],
  web: ["mqtt", "process"],
  hardware: ["process"],
  record: ["engine", "journal", "table", "web", "process"],
  cluster: ["engine", "journal", "table", "mqtt", "process"],
  workers: ["table", "mqtt", "process"],
};
const roomOf = (f: string): string | null =>
  /^hub\/([^/]+)\//.exec(f)?.[1] ?? (f.startsWith("hub/") ? "root" : null);

/** Every import from one room into another that the rule does not allow. */
function roomBreaches(g: ImportGraph): string[] {
  return [...g].flatMap(([f, to]) => {
    const from = roomOf(f);
    if (from === null || from === "root") return [];
    return to
      .filter((t) => {
        const into = roomOf(t);
        return into !== null && into !== from && !(MAY_IMPORT[from] ?? []).includes(into);
      })
      .map((t) => `${f} (${from}) → ${t} (${roomOf(t)})`);
  });
}

describe("hub rooms", () => {
  const hub = [...graph.keys()].filter((f) => f.startsWith("hub/"));

  it("hub/'s root holds the two front doors alone: server.ts and cli.ts", () => {
    const root = hub.filter((f) => /^hub\/[^/]+\.ts$/.test(f)).sort();
    expect(root).toEqual(STAYS.map((n) => `hub/${n}.ts`).sort());
    expect(root).toEqual(["hub/cli.ts", "hub/server.ts"]);
  });

  it("every file the map places is in its room's folder", () => {
    const misplaced = Object.entries(ROOMS).flatMap(([room, names]) =>
      names.map((n) => `hub/${room}/${n}.ts`).filter((f) => !graph.has(f)),
    );
    expect(misplaced).toEqual([]);
  });

  it("every room under hub/ has a rule", () => {
    const rooms = new Set(hub.map(roomOf));
    rooms.delete("root");
    expect([...rooms].filter((r) => r !== null && !(r in MAY_IMPORT))).toEqual([]);
  });

  it("a room imports only the rooms below it, never the composition at hub/'s root", () => {
    expect(roomBreaches(graph)).toEqual([]);
  });

  it("the rule finds a breach (so an empty list means something)", () => {
    const planted = new Map([
      ["hub/journal/journal.ts", ["hub/table/table.ts"]],
      ["hub/table/table.ts", ["hub/server.ts", "hub/journal/journal.ts"]],
    ]);
    expect(roomBreaches(planted)).toEqual([
      "hub/journal/journal.ts (journal) → hub/table/table.ts (table)",
      "hub/table/table.ts (table) → hub/server.ts (root)",
    ]);
  });
});
