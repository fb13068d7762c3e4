// The import graph of server/ between its folders (and its root modules), read with the
// TypeScript compiler's own import scanner: the evidence for the layer order of eslint.config.js
// (SERVER_LAYERS) and a quick way to see a new cycle. Tests are left out: they may wire layers.
// Run: node bench/server-imports.ts
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const server = resolve(import.meta.dirname, '../server');

/** The production modules under `dir` (no tests). */
function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return modules(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The folder a module belongs to, or "(name.ts)" for a module at server/'s root. */
const unitOf = (path: string) => {
  const parts = relative(server, path).split(sep);
  return parts.length > 1 ? (parts[0] ?? '') : `(${parts[0] ?? ''})`;
};

/** Each unit's imports of other units, with the import lines that make them. */
export function serverImports(): Map<string, Map<string, string[]>> {
  const edges = new Map<string, Map<string, string[]>>();
  for (const file of modules(server)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolve(dirname(file), fileName);
      if (!target.startsWith(server + sep)) continue;
      const [from, to] = [unitOf(file), unitOf(target)];
      if (from === to) continue;
      const targets = edges.get(from) ?? new Map<string, string[]>();
      edges.set(from, targets);
      targets.set(to, [...(targets.get(to) ?? []), `${relative(server, file)} -> ${fileName}`]);
    }
  }
  return edges;
}

if (import.meta.main) {
  const edges = serverImports();
  for (const [from, targets] of [...edges].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`${from} -> ${[...targets.keys()].sort().join(', ')}`);
  }
  for (const [from, targets] of edges) {
    for (const to of targets.keys()) {
      if (from < to && edges.get(to)?.has(from)) {
        console.log(`\ncycle ${from} <-> ${to}:`);
        console.log([...(targets.get(to) ?? []), ...(edges.get(to)?.get(from) ?? [])].join('\n'));
      }
    }
  }
}
