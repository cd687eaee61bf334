import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema.js';

// Every exported repository function that reads or writes a practice-owned table (one with customer_id) takes the
// caller's Scope, so no handler can forget the practice filter: the repository applies it in SQL.

const modulesDir = dirname(fileURLToPath(import.meta.url));

const practiceTables = new Set(
  Object.entries(schema)
    .filter(([, value]) => is(value, PgTable))
    .filter(([, table]) => Object.values(getTableColumns(table as PgTable)).some((c) => c.name === 'customer_id'))
    .map(([name]) => name),
);

function repositoryFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return repositoryFiles(path);
    return name.endsWith('.repo.ts') ? [path] : [];
  });
}

type Declared = { name: string; exported: boolean; node: ts.FunctionLikeDeclaration };

function declaredFunctions(source: ts.SourceFile): Declared[] {
  const found: Declared[] = [];
  const exported = (node: ts.Node) =>
    ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name) {
      found.push({ name: statement.name.text, exported: exported(statement), node: statement });
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (ts.isIdentifier(declaration.name) && init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) {
          found.push({ name: declaration.name.text, exported: exported(statement), node: init });
        }
      }
    }
  }
  return found;
}

/** The schema tables a file imports, by their local name. */
function importedTables(source: ts.SourceFile): Map<string, string> {
  const tables = new Map<string, string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!/schema\.js$/.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      const original = (element.propertyName ?? element.name).text;
      if (practiceTables.has(original)) tables.set(element.name.text, original);
    }
  }
  return tables;
}

function identifiersIn(node: ts.Node): Set<string> {
  const names = new Set<string>();
  const visit = (n: ts.Node) => {
    if (ts.isIdentifier(n)) names.add(n.text);
    ts.forEachChild(n, visit);
  };
  visit(node);
  return names;
}

const takesScope = (fn: ts.FunctionLikeDeclaration, source: ts.SourceFile) =>
  fn.parameters.some((p) => p.type !== undefined && /\b\w*Scope\b/.test(p.type.getText(source)));

/** `file#function (tables)` for every exported repository function on practice tables without a scope. */
function unscopedRepositoryFunctions(): string[] {
  const offending: string[] = [];
  for (const file of repositoryFiles(modulesDir)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const tables = importedTables(source);
    const functions = declaredFunctions(source);
    const byName = new Map(functions.map((f) => [f.name, f]));
    // A function touches what it names and what the file's own helpers it calls touch.
    const touched = (fn: Declared, seen = new Set<string>()): Set<string> => {
      seen.add(fn.name);
      const result = new Set<string>();
      for (const name of identifiersIn(fn.node)) {
        const table = tables.get(name);
        if (table) result.add(table);
        const helper = byName.get(name);
        if (helper && !seen.has(name)) for (const t of touched(helper, seen)) result.add(t);
      }
      return result;
    };
    for (const fn of functions.filter((f) => f.exported)) {
      const used = touched(fn);
      if (used.size > 0 && !takesScope(fn.node, source)) {
        offending.push(`${relative(modulesDir, file)}#${fn.name} (${[...used].sort().join(', ')})`);
      }
    }
  }
  return offending.sort();
}

describe('repository scope', () => {
  it('knows the practice-owned tables', () => {
    expect(practiceTables.size).toBeGreaterThan(10);
    expect(
      [...practiceTables].map((name) => getTableName((schema as Record<string, PgTable>)[name] as PgTable)),
    ).toContain('invoices');
  });

  it('makes every exported repository function on a practice-owned table take the scope', () => {
    expect(unscopedRepositoryFunctions()).toEqual([]);
  });
});
