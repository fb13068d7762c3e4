// The size rules of the house style, measured: source files over 400 lines and functions over
// 120 lines, read with the TypeScript compiler (each function's span from its first to its last
// line, nested functions included in their parent's span). What is measured: the tracked .ts,
// .tsx, .js and .mjs files (`git ls-files`). What is not: translation tables and generated data
// (NOT_CODE below, each with its reason; JSON catalogs are not code at all), and in test files
// the callbacks of describe() blocks, which group tests rather than being functions one reads.
// code-sizes.test.ts fails on an offender that is not a known exception.
// Run: node bench/code-sizes.ts [commit]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';

export const MAX_FILE_LINES = 400;
export const MAX_FUNCTION_LINES = 120;

/** Files that are data rather than code, and why. */
export const NOT_CODE: Readonly<Record<string, string>> = {
  'server/staff/messages.ts': 'the back office translation table (four languages)',
};

const root = resolve(import.meta.dirname, '..');

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });

/** The tracked source files (at commit `at`, or in the work tree), relative to the root. */
export function sourceFiles(at?: string): string[] {
  const listed = at ? git('ls-tree', '-r', '--name-only', at) : git('ls-files');
  // A file in a merge conflict is listed once per side: once is enough.
  return [...new Set(listed.split('\n'))].filter(
    (file) => /\.(ts|tsx|js|mjs)$/.test(file) && !(file in NOT_CODE),
  );
}

export interface Offender {
  /** "path" for a file, "path: name" for a function. */
  id: string;
  lines: number;
}

const isTest = (file: string) => /\.(test|spec)\.tsx?$/.test(file) || file.includes('/e2e/');

/** The name a reader would give a function: its own, its variable's, its property's, or its caller's. */
function nameOf(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name && !ts.isComputedPropertyName(node.name)) return node.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) {
    return parent.name.getText(source);
  }
  if (ts.isCallExpression(parent)) return `${parent.expression.getText(source)}(…) callback`;
  if (ts.isExportAssignment(parent)) return 'default export';
  return `anonymous at line ${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
}

/** A describe(…) block's callback: it groups tests and is not counted as a function. */
const isDescribeBlock = (node: ts.Node, source: ts.SourceFile) =>
  ts.isCallExpression(node.parent) &&
  /^(test\.)?describe\b/.test(node.parent.expression.getText(source));

/** The functions of one file that are longer than MAX_FUNCTION_LINES. */
export function longFunctions(file: string, text: string): Offender[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Offender[] = [];
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line;
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const fn = node;
      const lines = lineOf(fn.getEnd()) - lineOf(fn.getStart(source)) + 1;
      const skipped = isTest(file) && isDescribeBlock(fn, source);
      if (lines > MAX_FUNCTION_LINES && !skipped) {
        found.push({ id: `${file}: ${nameOf(fn, source)}`, lines });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Every file over MAX_FILE_LINES and every function over MAX_FUNCTION_LINES, longest first: in
 * the work tree, or at commit `at` (for a before/after comparison).
 */
export function measure(at?: string): { files: Offender[]; functions: Offender[] } {
  const files: Offender[] = [];
  const functions: Offender[] = [];
  for (const file of sourceFiles(at)) {
    const text = at ? git('show', `${at}:${file}`) : readFileSync(resolve(root, file), 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > MAX_FILE_LINES) files.push({ id: file, lines });
    functions.push(...longFunctions(file, text));
  }
  const longestFirst = (a: Offender, b: Offender) => b.lines - a.lines || a.id.localeCompare(b.id);
  return { files: files.sort(longestFirst), functions: functions.sort(longestFirst) };
}

if (import.meta.main) {
  // `node bench/code-sizes.ts main` measures the commit main instead of the work tree.
  const { files, functions } = measure(process.argv[2]);
  console.log(`files over ${MAX_FILE_LINES} lines: ${files.length}`);
  for (const { id, lines } of files) console.log(`  ${lines}  ${id}`);
  console.log(`functions over ${MAX_FUNCTION_LINES} lines: ${functions.length}`);
  for (const { id, lines } of functions) console.log(`  ${lines}  ${id}`);
}
