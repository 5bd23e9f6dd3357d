import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importsOf, resolveImport, sourceFiles } from './source-files.ts';

/**
 * No import cycle between folders (decision 006): a folder is the directory of a file, and a
 * file of folder A importing one of folder B is an edge A → B. Folders that reach each other
 * (a strongly connected group of more than one) are a cycle, reported with the imports that
 * make it, so the fix (move the shared piece down, or the caller up) is plain.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const TREES = ['apps/server/src', 'apps/web/src', 'packages/domain/src'];

/** Folder → folder it imports → the imports that make the edge. */
function folderGraph(tree: string): Map<string, Map<string, string[]>> {
  const root = path.join(ROOT, tree);
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of sourceFiles(root)) {
    const from = path.relative(root, path.dirname(file)) || '.';
    for (const source of importsOf(file)) {
      const target = resolveImport(file, source);
      if (!target) continue;
      const to = path.relative(root, path.dirname(target)) || '.';
      if (to === from || to.startsWith('..')) continue;
      const edges = graph.get(from) ?? new Map<string, string[]>();
      graph.set(from, edges);
      edges.set(to, [...(edges.get(to) ?? []), `${path.relative(root, file)} imports ${source}`]);
    }
  }
  return graph;
}

/** The groups of more than one folder that reach each other (Tarjan's strongly connected components). */
function folderCycles(graph: Map<string, Map<string, string[]>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (folder: string): void => {
    index.set(folder, next);
    low.set(folder, next);
    next += 1;
    stack.push(folder);
    onStack.add(folder);
    for (const to of graph.get(folder)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(folder, Math.min(low.get(folder) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) {
        low.set(folder, Math.min(low.get(folder) ?? 0, index.get(to) ?? 0));
      }
    }
    if (low.get(folder) !== index.get(folder)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== folder);
    if (group.length > 1) cycles.push(group.sort());
  };
  const folders = new Set([...graph.keys(), ...[...graph.values()].flatMap((edges) => [...edges.keys()])]);
  for (const folder of folders) if (!index.has(folder)) visit(folder);
  return cycles;
}

describe('folder cycles', () => {
  it.each(TREES)('%s has no import cycle between folders', (tree) => {
    const graph = folderGraph(tree);
    expect(graph.size).toBeGreaterThan(3);
    const described = folderCycles(graph).map((group) =>
      group.flatMap((from) =>
        [...(graph.get(from) ?? new Map<string, string[]>())]
          .filter(([to]) => group.includes(to))
          .map(([to, why]) => `${from} -> ${to}: ${why.join('; ')}`),
      ),
    );
    expect(described).toEqual([]);
  });
});
