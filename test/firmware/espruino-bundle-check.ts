/**
 * Walks the ESTree (acorn) of a built JavaScript bundle and reports every construct that
 * ESPRUINO.md lists as failing on Espruino 2v29, plus the missing built-ins, plus any
 * binding used textually before its declaration in its own scope (Espruino does not hoist:
 * calling a function above its declaration, or reading a var whose line has not run, throws).
 *
 * The last rule is stricter than the engine needs (a call inside a function body that only
 * runs later would work), on purpose: it keeps the firmware in declare-before-use order,
 * which is cheap to keep and expensive to debug on a device.
 *
 * Found on the real interpreter, not in ESPRUINO.md's table: a backslash-newline line
 * continuation inside a string keeps the newline (esbuild's `lineLimit` writes them), and
 * Math.random is a fixed-seed
 * PRNG that nothing reseeds at boot (the same numbers after every power-up), so a bundle
 * that uses it must also call E.srand.
 */
import { parse } from "acorn";

export interface BundleFinding {
  rule: string;
  line: number;
  text: string;
}

type Node = {
  type: string;
  start: number;
  end: number;
  loc?: { start: { line: number } };
  [key: string]: unknown;
};

const FORBIDDEN_GLOBALS = [
  "Map",
  "Set",
  "WeakMap",
  "WeakSet",
  "WeakRef",
  "Symbol",
  "Proxy",
  "Reflect",
  "BigInt",
];
const MISSING_STATICS = [
  "Promise.race",
  "Promise.allSettled",
  "Promise.any",
  "Array.from",
  "Array.of",
  "Object.freeze",
  "Number.isInteger",
  "Number.isFinite",
  "Math.trunc",
  "Math.log2",
  "String.raw",
];
const MISSING_METHODS = ["flat", "at", "entries", "trimStart", "finally"];
const LOGICAL_ASSIGN = ["**=", "??=", "||=", "&&="];

interface Scope {
  parent: Scope | null;
  fn: boolean;
  names: Record<string, number>;
}

function isNode(v: unknown): v is Node {
  return typeof v === "object" && v !== null && typeof (v as Node).type === "string";
}

function children(node: Node): { key: string; child: Node }[] {
  const out: { key: string; child: Node }[] = [];
  for (const key of Object.keys(node)) {
    if (key === "loc") continue;
    const v = node[key];
    if (Array.isArray(v)) for (const c of v) if (isNode(c)) out.push({ key, child: c });
    if (isNode(v)) out.push({ key, child: v });
  }
  return out;
}

function containsFunction(node: Node): boolean {
  if (/Function/.test(node.type)) return true;
  return children(node).some((c) => containsFunction(c.child));
}

function patternIds(p: Node | null | undefined): Node[] {
  if (!p) return [];
  if (p.type === "Identifier") return [p];
  if (p.type === "AssignmentPattern") return patternIds(p.left as Node);
  if (p.type === "RestElement") return patternIds(p.argument as Node);
  if (p.type === "ArrayPattern") return (p.elements as (Node | null)[]).flatMap(patternIds);
  if (p.type === "ObjectPattern")
    return (p.properties as Node[]).flatMap((q) =>
      patternIds((q.type === "Property" ? q.value : q) as Node),
    );
  return [];
}

/** Whether the identifier at `parent[key]` names a variable being read or written. */
function isReference(parent: Node | null, key: string): boolean {
  if (!parent) return true;
  const t = parent.type;
  if (t === "MemberExpression" && key === "property" && !parent.computed) return false;
  if ((t === "Property" || t === "MethodDefinition" || t === "PropertyDefinition") && key === "key")
    return parent.computed === true;
  if (t === "LabeledStatement" || t === "BreakStatement" || t === "ContinueStatement") return false;
  if (t === "MetaProperty") return false;
  return true;
}

const LINE_CONTINUATION = /\\(\r\n|\n|\r|\u2028|\u2029)/;

function rawOf(node: Node): string {
  if (typeof node.raw === "string") return node.raw;
  const value = node.value as { raw?: string } | undefined;
  return value?.raw ?? "";
}

export function checkBundle(code: string): BundleFinding[] {
  const ast = parse(code, { ecmaVersion: "latest", sourceType: "script", locations: true });
  const findings: BundleFinding[] = [];
  const report = (rule: string, node: Node) =>
    findings.push({
      rule,
      line: node.loc ? node.loc.start.line : 0,
      text: code.slice(node.start, Math.min(node.end, node.start + 60)),
    });
  const refs: { id: Node; scope: Scope }[] = [];
  const randomUse: { name: string; node: Node }[] = [];
  const declare = (scope: Scope, id: Node, at: number) => {
    if (!((id.name as string) in scope.names)) scope.names[id.name as string] = at;
  };
  const fnScope = (s: Scope): Scope => (s.fn || !s.parent ? s : fnScope(s.parent));

  const visit = (node: Node, parent: Node | null, key: string, scope: Scope): void => {
    const t = node.type;
    rules(node, parent, key);
    let inner = scope;
    const skip = new Set<Node>();
    if (
      t === "FunctionDeclaration" ||
      t === "FunctionExpression" ||
      t === "ArrowFunctionExpression"
    ) {
      if (t === "FunctionDeclaration" && node.id) declare(scope, node.id as Node, node.start);
      inner = { parent: scope, fn: true, names: {} };
      if (t === "FunctionExpression" && node.id) declare(inner, node.id as Node, node.start);
      if (node.id) skip.add(node.id as Node);
      for (const p of node.params as Node[])
        for (const id of patternIds(p)) {
          declare(inner, id, -1);
          skip.add(id);
        }
      const body = node.body as Node;
      if (body.type === "BlockStatement") {
        for (const c of children(body)) visit(c.child, body, c.key, inner);
        skip.add(body);
      }
    } else if (t === "ClassDeclaration" && node.id) {
      declare(scope, node.id as Node, node.start);
      skip.add(node.id as Node);
    } else if (t === "VariableDeclaration") {
      const target = node.kind === "var" ? fnScope(scope) : scope;
      for (const d of node.declarations as Node[])
        for (const id of patternIds(d.id as Node)) {
          declare(target, id, d.start);
          skip.add(id);
        }
    } else if (
      t === "BlockStatement" ||
      t === "ForStatement" ||
      t === "ForInStatement" ||
      t === "ForOfStatement" ||
      t === "SwitchStatement" ||
      t === "CatchClause"
    ) {
      inner = { parent: scope, fn: false, names: {} };
      if (t === "CatchClause")
        for (const id of patternIds(node.param as Node)) {
          declare(inner, id, -1);
          skip.add(id);
        }
    } else if (t === "Identifier" && isReference(parent, key)) {
      refs.push({ id: node, scope });
    }
    for (const c of children(node)) if (!skip.has(c.child)) visit(c.child, node, c.key, inner);
  };

  const rules = (node: Node, parent: Node | null, key: string): void => {
    const t = node.type;
    if (t === "ObjectPattern" || t === "ArrayPattern") report("destructuring", node);
    if (t === "SpreadElement") report("spread", node);
    if (t === "RestElement") report("rest", node);
    if (t === "AssignmentPattern") report("default parameter", node);
    if (t === "ChainExpression") report("optional chaining", node);
    if (t === "BinaryExpression" && node.operator === "**") report("exponent operator", node);
    if (t === "AssignmentExpression" && LOGICAL_ASSIGN.includes(node.operator as string))
      report(`operator ${node.operator}`, node);
    if (/Function/.test(t) && node.async) report("async", node);
    if (/Function/.test(t) && node.generator) report("generator", node);
    if (t === "AwaitExpression") report("async", node);
    if (t === "YieldExpression") report("generator", node);
    if (t === "LabeledStatement") report("label", node);
    if (t === "TaggedTemplateExpression") report("tagged template", node);
    if (t === "Literal" && typeof node.bigint === "string") report("BigInt", node);
    // Espruino 2v29 keeps the newline of a backslash-newline in a string ("a\<LF>b" is "a\nb").
    if ((t === "Literal" || t === "TemplateElement") && LINE_CONTINUATION.test(rawOf(node)))
      report("line continuation", node);
    if (
      (t === "Property" || t === "MethodDefinition" || t === "PropertyDefinition") &&
      node.computed
    )
      report("computed key", node);
    if (
      t === "PropertyDefinition" &&
      isNode(node.value) &&
      node.value.type === "ArrowFunctionExpression"
    )
      report("arrow class field", node);
    if ((t === "ClassDeclaration" || t === "ClassExpression") && isNode(node.superClass)) {
      if (node.superClass.type === "Identifier" && node.superClass.name === "Error")
        report("class extends Error", node);
    }
    if (
      (t === "ForStatement" || t === "ForInStatement" || t === "ForOfStatement") &&
      isNode(node[t === "ForStatement" ? "init" : "left"]) &&
      (node[t === "ForStatement" ? "init" : "left"] as Node).kind !== "var" &&
      (node[t === "ForStatement" ? "init" : "left"] as Node).type === "VariableDeclaration" &&
      containsFunction(node.body as Node)
    )
      report("closure in for-let", node);
    if (t === "MemberExpression" && !node.computed) {
      const obj = node.object as Node;
      const prop = (node.property as Node).name as string;
      if (obj.type === "Identifier" && MISSING_STATICS.includes(`${obj.name}.${prop}`))
        report(`missing ${obj.name}.${prop}`, node);
      if (obj.type === "Identifier" && (obj.name === "Math" || obj.name === "E"))
        randomUse.push({ name: `${obj.name}.${prop}`, node });
      if (MISSING_METHODS.includes(prop) && parent?.type === "CallExpression" && key === "callee")
        report(`missing .${prop}()`, node);
    }
  };

  const root: Scope = { parent: null, fn: true, names: {} };
  visit(ast as unknown as Node, null, "", root);
  const random = randomUse.find((n) => n.name === "Math.random");
  if (random && !randomUse.some((n) => n.name === "E.srand"))
    report("Math.random without E.srand", random.node);
  for (const r of refs) {
    const name = r.id.name as string;
    let s: Scope | null = r.scope;
    while (s && !(name in s.names)) s = s.parent;
    if (!s) {
      if (FORBIDDEN_GLOBALS.includes(name)) report(`global ${name}`, r.id);
      continue;
    }
    const at = s.names[name] as number;
    if (at > r.id.start) report("used before declaration", r.id);
  }
  return findings;
}
