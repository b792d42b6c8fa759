// Fails when files of the given folders import each other in a cycle. Only imports that exist at run
// time count: `import type`, `export type`, imports whose every name is a type, and dynamic `import()`
// (loaded lazily, after both modules have finished loading) are left out. Usage:
//   node --import tsx scripts/check-cycles.ts [folder...]    (default: src tools)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

/** Every import cycle between the TypeScript files under `folders`, each as a closed path of files. */
export function findCycles(folders: readonly string[]): string[][] {
  const graph = importGraph(folders.flatMap(typeScriptFiles));
  return stronglyConnected(graph)
    .filter((component) => component.length > 1 || graph.get(component[0])?.includes(component[0]))
    .map((component) => cycleWithin(graph, component));
}

function typeScriptFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = runtimeSpecifiers(file)
      .map((specifier) => resolveRelative(file, specifier))
      .filter((target): target is string => target !== undefined && known.has(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The module specifiers of a file's static imports and re-exports that survive compilation. */
function runtimeSpecifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && !isTypeOnlyImport(statement.importClause)) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      !statement.isTypeOnly &&
      !(
        statement.exportClause &&
        ts.isNamedExports(statement.exportClause) &&
        statement.exportClause.elements.every((element) => element.isTypeOnly)
      )
    ) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isImportEqualsDeclaration(statement) && ts.isExternalModuleReference(statement.moduleReference)) {
      specifiers.push((statement.moduleReference.expression as ts.StringLiteral).text);
    }
  }
  return specifiers;
}

function isTypeOnlyImport(clause: ts.ImportClause | undefined): boolean {
  if (!clause) return false; // `import './x.js'` runs the module
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.every((e) => e.isTypeOnly);
}

/** `./x.js` from a file, as the `.ts` file it names (or the folder's index.ts); packages are not followed. */
function resolveRelative(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = path.join(path.dirname(from), specifier);
  const candidates = [target.replace(/\.js$/, '.ts'), target, `${target}.ts`, path.join(target, 'index.ts')];
  return candidates.find((candidate) => candidate.endsWith('.ts') && existsSync(candidate));
}

/** Tarjan's algorithm: the strongly connected components of the graph. */
function stronglyConnected(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    lowLink.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowLink.set(node, Math.min(lowLink.get(node)!, lowLink.get(next)!));
      } else if (onStack.has(next)) {
        lowLink.set(node, Math.min(lowLink.get(node)!, index.get(next)!));
      }
    }
    if (lowLink.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    components.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return components;
}

/** One shortest closed path through a component's first file, to name the files of the cycle in order. */
function cycleWithin(graph: Map<string, string[]>, component: string[]): string[] {
  const members = new Set(component);
  const start = component[0];
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const cycle = [node];
        while (cycle[0] !== start) cycle.unshift(cameFrom.get(cycle[0])!);
        return [...cycle, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return component;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const folders = process.argv.length > 2 ? process.argv.slice(2) : ['src', 'tools'];
  const cycles = findCycles(folders);
  for (const cycle of cycles) console.error(`import cycle: ${cycle.join(' -> ')}`);
  if (cycles.length > 0) {
    console.error(`${cycles.length} import cycle(s) (type-only imports aside); break each one`);
    process.exitCode = 1;
  }
}
