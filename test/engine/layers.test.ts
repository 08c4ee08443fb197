/**
 * The engine's layering, read from the sources: the core is the ground floor and imports no
 * ruleset; each ruleset imports the core and its own folder; the registry is imported only
 * by the composition (hub/engine/index.ts); and no import circle is left anywhere. So a
 * ruleset folder and its one registry line can be deleted and everything else compiles.
 */
import { describe, expect, it } from "vitest";
import { circles, importGraph } from "../helpers/import-graph.js";

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
