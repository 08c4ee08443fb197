/**
 * A checker for the subset of JavaScript that Espruino 2v29 accepts (see ESPRUINO.md in the
 * shared docs). It walks the TypeScript AST of a source file (TS or JS) and reports every
 * construct of the "fails" column, plus the missing built-ins and use before declaration.
 */
import ts from "typescript";

export interface Finding {
  rule: string;
  line: number;
  text: string;
}

const FORBIDDEN_GLOBALS = new Set([
  "Map",
  "Set",
  "WeakMap",
  "WeakSet",
  "WeakRef",
  "Symbol",
  "Proxy",
  "Reflect",
  "BigInt",
]);

const MISSING_STATICS = new Set([
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
]);

const MISSING_METHODS = new Set(["flat", "at", "entries", "trimStart", "finally"]);

function isFunctionLike(node: ts.Node): boolean {
  return (
    ts.isArrowFunction(node) ||
    ts.isFunctionExpression(node) ||
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isGetAccessor(node) ||
    ts.isSetAccessor(node)
  );
}

function containsFunction(node: ts.Node): boolean {
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (isFunctionLike(n)) {
      found = true;
      return;
    }
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(node, visit);
  return found;
}

function isTypeOnly(node: ts.Node): boolean {
  return (
    ts.isTypeNode(node) ||
    ts.isInterfaceDeclaration(node) ||
    ts.isTypeAliasDeclaration(node) ||
    (ts.isImportDeclaration(node) && node.importClause?.isTypeOnly === true)
  );
}

function hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind);
}

/** Names declared at the top level of the file, with where each declaration starts. */
function topLevelDeclarations(sf: ts.SourceFile): Map<string, number> {
  const out = new Map<string, number>();
  for (const st of sf.statements) {
    if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st)) && st.name) {
      out.set(st.name.text, st.getStart(sf));
    } else if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) {
        if (ts.isIdentifier(d.name)) out.set(d.name.text, d.getStart(sf));
      }
    }
  }
  return out;
}

/** Whether an identifier is a reference to a variable (not a property name or a declaration). */
function isReference(id: ts.Identifier): boolean {
  const p = id.parent;
  if (ts.isPropertyAccessExpression(p) && p.name === id) return false;
  if (ts.isPropertyAssignment(p) && p.name === id) return false;
  if ((ts.isMethodDeclaration(p) || ts.isPropertyDeclaration(p)) && p.name === id) return false;
  if ((ts.isGetAccessor(p) || ts.isSetAccessor(p)) && p.name === id) return false;
  if (ts.isVariableDeclaration(p) && p.name === id) return false;
  if ((ts.isFunctionDeclaration(p) || ts.isClassDeclaration(p)) && p.name === id) return false;
  if (ts.isParameter(p) && p.name === id) return false;
  if (ts.isPropertySignature(p) || ts.isEnumMember(p)) return false;
  if (ts.isImportSpecifier(p) || ts.isImportClause(p) || ts.isNamespaceImport(p)) return false;
  if (ts.isExportSpecifier(p)) return false;
  if (ts.isLabeledStatement(p) || ts.isBreakOrContinueStatement(p)) return false;
  return true;
}

/** Names declared inside function bodies/parameters (which may shadow top-level names). */
function localNames(sf: ts.SourceFile): Set<string> {
  const out = new Set<string>();
  const visit = (n: ts.Node, depth: number): void => {
    if (depth > 0) {
      if ((ts.isVariableDeclaration(n) || ts.isParameter(n)) && ts.isIdentifier(n.name)) {
        out.add(n.name.text);
      }
      if (ts.isFunctionDeclaration(n) && n.name) out.add(n.name.text);
    }
    ts.forEachChild(n, (c) => visit(c, depth + (isFunctionLike(n) ? 1 : 0)));
  };
  visit(sf, 0);
  return out;
}

export function checkEspruinoSubset(fileName: string, source: string): Finding[] {
  const kind = fileName.endsWith(".ts") ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const findings: Finding[] = [];
  const report = (rule: string, node: ts.Node): void => {
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
    findings.push({ rule, line, text: node.getText(sf).slice(0, 60) });
  };

  const declared = topLevelDeclarations(sf);
  const shadowed = localNames(sf);

  const visit = (node: ts.Node): void => {
    if (isTypeOnly(node)) return;

    if (ts.isObjectBindingPattern(node) || ts.isArrayBindingPattern(node))
      report("destructuring", node);
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      (ts.isObjectLiteralExpression(node.left) || ts.isArrayLiteralExpression(node.left))
    ) {
      report("destructuring", node);
    }
    if (
      (ts.isForOfStatement(node) || ts.isForInStatement(node)) &&
      (ts.isObjectLiteralExpression(node.initializer) ||
        ts.isArrayLiteralExpression(node.initializer))
    ) {
      report("destructuring", node);
    }
    if (ts.isSpreadElement(node) || ts.isSpreadAssignment(node)) report("spread", node);
    if (ts.isParameter(node) && node.dotDotDotToken) report("rest", node);
    if (ts.isParameter(node) && node.initializer) report("default parameter", node);
    if (
      (ts.isPropertyAccessExpression(node) ||
        ts.isElementAccessExpression(node) ||
        ts.isCallExpression(node)) &&
      node.questionDotToken
    ) {
      report("optional chaining", node);
    }
    if (ts.isBinaryExpression(node)) {
      const op = node.operatorToken.kind;
      if (
        op === ts.SyntaxKind.AsteriskAsteriskToken ||
        op === ts.SyntaxKind.AsteriskAsteriskEqualsToken
      ) {
        report("exponent operator", node);
      }
      if (
        op === ts.SyntaxKind.QuestionQuestionEqualsToken ||
        op === ts.SyntaxKind.BarBarEqualsToken ||
        op === ts.SyntaxKind.AmpersandAmpersandEqualsToken
      ) {
        report("logical assignment", node);
      }
    }
    if (hasModifier(node, ts.SyntaxKind.AsyncKeyword) || ts.isAwaitExpression(node))
      report("async", node);
    if (
      (ts.isFunctionDeclaration(node) ||
        ts.isFunctionExpression(node) ||
        ts.isMethodDeclaration(node)) &&
      node.asteriskToken
    ) {
      report("generator", node);
    }
    if (ts.isYieldExpression(node)) report("generator", node);
    if (ts.isComputedPropertyName(node)) report("computed key", node);
    if (ts.isLabeledStatement(node)) report("label", node);
    if (ts.isTaggedTemplateExpression(node)) report("tagged template", node);
    if (ts.isBigIntLiteral(node)) report("BigInt", node);
    if (
      (ts.isForStatement(node) || ts.isForOfStatement(node) || ts.isForInStatement(node)) &&
      node.initializer &&
      ts.isVariableDeclarationList(node.initializer) &&
      (node.initializer.flags & (ts.NodeFlags.Let | ts.NodeFlags.Const)) !== 0 &&
      containsFunction(node.statement)
    ) {
      report("closure in for-let", node);
    }
    if (ts.isIdentifier(node) && FORBIDDEN_GLOBALS.has(node.text) && isReference(node)) {
      report(`global ${node.text}`, node);
    }
    if (ts.isPropertyAccessExpression(node)) {
      const name = node.name.text;
      if (
        ts.isIdentifier(node.expression) &&
        MISSING_STATICS.has(`${node.expression.text}.${name}`)
      ) {
        report(`missing ${node.expression.text}.${name}`, node);
      }
      if (
        MISSING_METHODS.has(name) &&
        ts.isCallExpression(node.parent) &&
        node.parent.expression === node
      ) {
        report(`missing .${name}()`, node);
      }
    }
    if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) {
      for (const clause of node.heritageClauses ?? []) {
        for (const t of clause.types) {
          if (ts.isIdentifier(t.expression) && t.expression.text === "Error")
            report("class extends Error", node);
        }
      }
      for (const member of node.members) {
        if (
          ts.isPropertyDeclaration(member) &&
          member.initializer &&
          ts.isArrowFunction(member.initializer)
        ) {
          report("arrow class field", member);
        }
      }
    }
    if (ts.isIdentifier(node) && isReference(node) && !shadowed.has(node.text)) {
      const at = declared.get(node.text);
      if (at !== undefined && node.getStart(sf) < at) report("used before declaration", node);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return findings;
}

/** Module specifiers that a file imports at run time (type-only imports excluded). */
export function runtimeImports(fileName: string, source: string): string[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st) && st.importClause?.isTypeOnly !== true) {
      const named = st.importClause?.namedBindings;
      const allTypes =
        named !== undefined &&
        ts.isNamedImports(named) &&
        st.importClause?.name === undefined &&
        named.elements.length > 0 &&
        named.elements.every((e) => e.isTypeOnly);
      if (!allTypes) out.push((st.moduleSpecifier as ts.StringLiteral).text);
    }
    if (ts.isExportDeclaration(st) && st.moduleSpecifier && !st.isTypeOnly) {
      out.push((st.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return out;
}
