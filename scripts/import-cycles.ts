/**
 * Fails when the code's own modules import each other in a circle (`npm run cycles`, part of
 * `npm test`). A cycle of value imports can leave a module reading another's export before it
 * exists (a schema "used before initialization" that stops the server at start); type-only
 * imports are erased and do not count. Reads every .ts/.tsx file of the app's folders with the
 * TypeScript parser and finds the strongly connected parts of the import graph.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '..');
const FOLDERS = ['contract', 'src', 'server', 'commands', 'layouts'];

function files(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : files(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The modules `file` imports for their values (not `import type`, not `import { type X }` only). */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  for (const statement of source.statements) {
    let specifier: ts.Expression | undefined;
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const onlyTypes =
        clause !== undefined &&
        clause.name === undefined &&
        named !== undefined &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((element) => element.isTypeOnly);
      if (onlyTypes) continue;
      specifier = statement.moduleSpecifier;
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
      specifier = statement.moduleSpecifier;
    }
    if (specifier && ts.isStringLiteral(specifier) && specifier.text.startsWith('.'))
      found.push(resolve(dirname(file), specifier.text));
  }
  return found;
}

const all = FOLDERS.flatMap((folder) => files(join(ROOT, folder)));
const known = new Set(all);
const edges = new Map(all.map((file) => [file, valueImports(file).filter((target) => known.has(target))]));

// Tarjan's strongly connected components.
let index = 0;
const order = new Map<string, number>();
const low = new Map<string, number>();
const stack: string[] = [];
const onStack = new Set<string>();
const cycles: string[][] = [];
function visit(file: string): void {
  order.set(file, index);
  low.set(file, index);
  index += 1;
  stack.push(file);
  onStack.add(file);
  for (const next of edges.get(file) ?? []) {
    if (!order.has(next)) {
      visit(next);
      low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
    } else if (onStack.has(next)) low.set(file, Math.min(low.get(file) ?? 0, order.get(next) ?? 0));
  }
  if (low.get(file) !== order.get(file)) return;
  const part: string[] = [];
  let member: string | undefined;
  do {
    member = stack.pop();
    if (member === undefined) break;
    onStack.delete(member);
    part.push(member);
  } while (member !== file);
  if (part.length > 1 || (edges.get(file) ?? []).includes(file)) cycles.push(part);
}
for (const file of all) if (!order.has(file)) visit(file);

if (cycles.length > 0) {
  for (const cycle of cycles) console.error(`Import cycle: ${cycle.map((file) => relative(ROOT, file)).join(' <-> ')}`);
  process.exit(1);
}
console.log(`No import cycles among ${all.length} modules.`);
