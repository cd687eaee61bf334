import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A module is a folder under modules/. Other modules may only reach it through its index.ts, and the
// modules must form a graph without cycles, so each can be read, tested and changed from the bottom up.

const modulesDir = dirname(fileURLToPath(import.meta.url));

type Import = { file: string; module: string; target: string; targetModule: string };

const importPattern = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.includes('.test.') ? [path] : [];
  });
}

function moduleNames(): string[] {
  return readdirSync(modulesDir).filter((name) => statSync(join(modulesDir, name)).isDirectory());
}

function crossModuleImports(): Import[] {
  const modules = new Set(moduleNames());
  const imports: Import[] = [];
  for (const module of modules) {
    for (const file of sourceFiles(join(modulesDir, module))) {
      for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
        const target = relative(modulesDir, normalize(join(dirname(file), match[1] as string)));
        const targetModule = target.split(sep)[0] as string;
        if (target.startsWith('..') || targetModule === module || !modules.has(targetModule)) continue;
        imports.push({ file: relative(modulesDir, file), module, target, targetModule });
      }
    }
  }
  return imports;
}

function isAllowed({ file, target, targetModule }: Import): boolean {
  if (target === join(targetModule, 'index.js')) return true;
  // A table may name another module's table for a foreign key.
  return file.endsWith('.schema.ts') && target.endsWith('.schema.js');
}

/** Groups of two or more modules that reach each other (Tarjan's strongly connected components). */
function cycles(arrows: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v) as number);
    stack.push(v);
    for (const w of [...(arrows.get(v) ?? [])].sort()) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (stack.includes(w)) {
        low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
      }
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop() as string;
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of [...arrows.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

function moduleArrows(imports: readonly Import[]): Map<string, Set<string>> {
  const arrows = new Map<string, Set<string>>(moduleNames().map((name) => [name, new Set<string>()]));
  for (const { module, targetModule } of imports) arrows.get(module)?.add(targetModule);
  return arrows;
}

/** Each table's owner: the module whose *.schema.ts declares it. */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const module of moduleNames()) {
    for (const file of sourceFiles(join(modulesDir, module)).filter((f) => f.endsWith('.schema.ts'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/export const (\w+)\s*=\s*pgTable\(/g)) {
        owners.set(match[1] as string, module);
      }
    }
  }
  return owners;
}

/**
 * `file: table` for every insert, update or delete on another module's table. Reading one in a join keeps a list to
 * one query; writing it is the owner's business, through its index.ts.
 */
function foreignTableWrites(): string[] {
  const owners = tableOwners();
  const writes: string[] = [];
  for (const module of moduleNames()) {
    for (const file of sourceFiles(join(modulesDir, module)).filter((f) => !f.endsWith('.schema.ts'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
        const owner = owners.get(match[1] as string);
        if (owner && owner !== module) writes.push(`${relative(modulesDir, file)}: ${match[1]}`);
      }
    }
  }
  return writes;
}

describe('module boundaries', () => {
  const imports = crossModuleImports();

  it('finds the imports between modules at all', () => {
    expect(imports.length).toBeGreaterThan(20);
  });

  it('gives every module an index.ts', () => {
    expect(moduleNames().filter((name) => !existsSync(join(modulesDir, name, 'index.ts')))).toEqual([]);
  });

  it('imports another module only through its index.ts (tables may reference tables)', () => {
    const offending = imports.filter((i) => !isAllowed(i)).map((i) => `${i.file} -> ${i.target}`);
    expect(offending).toEqual([]);
  });

  it('knows which module owns each table', () => {
    expect(tableOwners().get('patients')).toBe('patients');
  });

  it('writes only its own tables (another module is asked through its index.ts)', () => {
    expect(foreignTableWrites()).toEqual([]);
  });

  it('has no cycles among modules', () => {
    expect(cycles(moduleArrows(imports))).toEqual([]);
  });
});
