// The house style's size limits as a test: no new source file over 400 lines, no new function
// over 120 (bench/code-sizes.ts says how they are measured). Today's offenders are listed as
// known exceptions; one that is split must leave the list, so the list can only shrink.
import { describe, expect, it } from 'vitest';
import { longFunctions, measure } from './code-sizes.ts';

/** The files over 400 lines when the limit became a test (issue 40): none left. */
const KNOWN_LONG_FILES: string[] = [];

/** The functions over 120 lines when the limit became a test (issue 40): none left. */
const KNOWN_LONG_FUNCTIONS: string[] = [];

// Parsing every source file takes a few seconds on a busy machine.
describe('code sizes', { timeout: 60_000 }, () => {
  const { files, functions } = measure();
  const ids = (offenders: { id: string }[]) => offenders.map((offender) => offender.id).sort();

  it('has no file over 400 lines but the known ones, and each known one is still long', () => {
    expect(ids(files)).toEqual([...KNOWN_LONG_FILES].sort());
  });

  it('has no function over 120 lines but the known ones, and each known one is still long', () => {
    expect(ids(functions)).toEqual([...KNOWN_LONG_FUNCTIONS].sort());
  });
});

describe('longFunctions', () => {
  const body = (lines: number) => Array.from({ length: lines - 2 }, () => '  step();').join('\n');

  it('counts a function from its first line to its last, by the name a reader would give it', () => {
    const code = [
      `export function short() {\n${body(120)}\n}`,
      `export const long = () => {\n${body(121)}\n};`,
      `app.get('/x', async () => {\n${body(130)}\n});`,
    ].join('\n');
    expect(longFunctions('server/x.ts', code)).toEqual([
      { id: 'server/x.ts: long', lines: 121 },
      { id: 'server/x.ts: app.get(…) callback', lines: 130 },
    ]);
  });

  it('leaves out describe blocks in tests, not the tests themselves', () => {
    const code = `describe('a', () => {\n  it('b', () => {\n${body(125)}\n  });\n${body(10)}\n});`;
    expect(longFunctions('server/x.test.ts', code)).toEqual([
      { id: 'server/x.test.ts: it(…) callback', lines: 125 },
    ]);
    expect(longFunctions('server/x.ts', code).map((found) => found.id)).toEqual([
      'server/x.ts: describe(…) callback',
      'server/x.ts: it(…) callback',
    ]);
  });
});
