import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { transformSync } from "esbuild";
import { describe, expect, it } from "vitest";
import { checkEspruinoSubset, runtimeImports } from "./espruino-subset.js";

const TOPICS_PATH = fileURLToPath(new URL("../../protocol/topics.ts", import.meta.url));
const TOPICS_SOURCE = readFileSync(TOPICS_PATH, "utf8");

function rules(source: string, fileName = "snippet.ts"): string[] {
  return checkEspruinoSubset(fileName, source).map((f) => f.rule);
}

describe("protocol/topics.ts stays within the Espruino subset", () => {
  it("uses no construct that Espruino rejects", () => {
    expect(checkEspruinoSubset(TOPICS_PATH, TOPICS_SOURCE)).toEqual([]);
  });

  it("imports nothing at run time, so the firmware bundle pulls in no other module", () => {
    expect(runtimeImports(TOPICS_PATH, TOPICS_SOURCE)).toEqual([]);
  });

  it("still passes once compiled as the firmware build does (esbuild, es2015, iife)", () => {
    const out = transformSync(TOPICS_SOURCE, { loader: "ts", target: "es2015", format: "iife" });
    expect(checkEspruinoSubset("topics.js", out.code)).toEqual([]);
  });
});

describe("the Espruino subset checker", () => {
  it.each([
    ["destructuring", "const { a } = o;"],
    ["destructuring", "const [a, b] = xs;"],
    ["destructuring", "function f({ a }: { a: number }) { return a; }"],
    ["destructuring", "let a = 0; let b = 0; [a, b] = [b, a];"],
    ["destructuring", "let a = 0; ({ a } = o);"],
    ["destructuring", "for (const [k, v] of pairs) {}"],
    ["spread", "const ys = [...xs];"],
    ["spread", "const p = { ...o };"],
    ["spread", "f(...args);"],
    ["rest", "function f(...args: number[]) { return args; }"],
    ["default parameter", "function f(a = 1) { return a; }"],
    ["default parameter", "const f = (a = 1) => a;"],
    ["optional chaining", "const x = o?.a;"],
    ["optional chaining", "const x = o?.[k];"],
    ["optional chaining", "f?.();"],
    ["exponent operator", "const x = 2 ** 3;"],
    ["exponent operator", "let x = 2; x **= 3;"],
    ["logical assignment", "let x = null; x ??= 1;"],
    ["logical assignment", "let x = 0; x ||= 1;"],
    ["logical assignment", "let x = 1; x &&= 0;"],
    ["async", "async function f() {}"],
    ["async", "const f = async () => 1;"],
    ["async", "async function f() { await g(); }"],
    ["generator", "function* g() { yield 1; }"],
    ["computed key", "const o = { [k]: 1 };"],
    ["computed key", "class A { [k]() {} }"],
    ["label", "outer: for (;;) { break outer; }"],
    ["tagged template", "const s = tag`x`;"],
    ["BigInt", "const n = 10n;"],
    ["closure in for-let", "for (let i = 0; i < 3; i++) { fs.push(() => i); }"],
    ["closure in for-let", "for (const x of xs) { fs.push(function () { return x; }); }"],
    ["global Map", "const m = new Map();"],
    ["global Set", "const s = new Set([1]);"],
    ["global WeakMap", "const w = new WeakMap();"],
    ["global Symbol", "const s = Symbol('x');"],
    ["global Proxy", "const p = new Proxy({}, {});"],
    ["global Reflect", "Reflect.ownKeys(o);"],
    ["missing Number.isInteger", "Number.isInteger(1);"],
    ["missing Math.trunc", "Math.trunc(1.5);"],
    ["missing Array.from", "Array.from(xs);"],
    ["missing Object.freeze", "Object.freeze(o);"],
    ["missing .at()", "xs.at(-1);"],
    ["missing .trimStart()", "s.trimStart();"],
    ["class extends Error", "class E extends Error {}"],
    ["arrow class field", "class A { f = () => this; }"],
    ["used before declaration", "f(); function f() {}"],
    ["used before declaration", "function g() { return X; } const X = 1;"],
  ])("flags %s in %j", (rule, source) => {
    expect(rules(source)).toContain(rule);
  });

  it("accepts the constructs ESPRUINO.md lists as working", () => {
    const source = [
      "const A = 1;",
      "let b = A + 1;",
      "function f(x: number, y?: number): number { return y === undefined ? x : x + y; }",
      "const g = (x: number) => x * 2;",
      "class C { static s() { return 1; } get v() { return 2; } m() { return f(1); } }",
      "class D extends C { m() { return super.m() + 1; } }",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
      "const t = `seat/${b}/x`;",
      "const n = b ?? 0;",
      "for (const x of [1, 2]) { b += x; }",
      "for (let i = 0; i < 3; i++) { b += i; }",
      "try { JSON.parse('{}'); } catch (e) { b = 0; } finally { b++; }",
      "const o = { a: 1, m() { return 1; }, 'k': 2 };",
      "o.a = new Uint8Array(2).length;",
      "const mapLike = o.a; const setup = 1;",
      "Promise.all([]).then(g).catch(g);",
      "type T = Map<string, number>;",
      "interface I { m: Set<number> }",
      "function h() { return g(A) + n + mapLike + setup + t.length; }",
      "h();",
    ].join("\n");
    expect(checkEspruinoSubset("ok.ts", source)).toEqual([]);
  });

  it("does not count a local that shadows a later top-level name as use before declaration", () => {
    expect(rules("function f(seat: number) { return seat; }\nconst seat = 1;")).toEqual([]);
  });

  it("reports the line of each finding", () => {
    expect(checkEspruinoSubset("x.ts", "const a = 1;\nconst b = a ** 2;")).toEqual([
      { rule: "exponent operator", line: 2, text: "a ** 2" },
    ]);
  });

  it("lists runtime imports and ignores type-only ones", () => {
    expect(
      runtimeImports("x.ts", 'import type { A } from "./a.js";\nimport { type B } from "./b.js";'),
    ).toEqual([]);
    expect(runtimeImports("x.ts", 'import { z } from "zod";\nexport * from "./c.js";')).toEqual([
      "zod",
      "./c.js",
    ]);
  });
});
