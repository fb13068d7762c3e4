// The README's configuration table is the schema's: a variable added, removed or reworded in
// src/config/environment.ts without `npm run docs:config` fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configurationTable, tableIn } from './config-table.ts';
import { environmentSchema, readEnvironment } from './environment.ts';

describe('the configuration', () => {
  it('is documented in README.md exactly as the schema says', async () => {
    const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
    expect(tableIn(readme)).toBe(await configurationTable());
  });

  it('lists every variable once, with its row', async () => {
    const table = await configurationTable();
    const names = Object.keys(environmentSchema.shape);
    expect(names).toContain('DATABASE_URL');
    for (const name of names) expect(table.split(`| \`${name}\``)).toHaveLength(2);
  });

  it('names the variable and the value it refuses', () => {
    expect(() => readEnvironment({ FORM_RATE_LIMIT: '0', LOG_CLIENT_ADDRESS: 'full' })).toThrow(
      'FORM_RATE_LIMIT must be a whole number of at least 1, not "0"\n' +
        'LOG_CLIENT_ADDRESS must be "off" or "truncated", not "full"',
    );
    expect(readEnvironment({ FORM_RATE_LIMIT: '', UPLOAD_LIMIT_PENDING: '512' })).toMatchObject({
      FORM_RATE_LIMIT: 20,
      UPLOAD_LIMIT_PENDING: 512,
      PORT: 8080,
      LOG_CLIENT_ADDRESS: 'off',
    });
  });
});
