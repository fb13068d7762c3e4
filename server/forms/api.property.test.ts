// Property-based test of the form API (issue #14): random bodies, field values and file names
// never give a 5xx, and what is stored is exactly what the form's schema makes of the values,
// nothing it refuses; a refused post stores nothing.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localizeForm } from '../../src/forms/local-form.ts';
import { isBlank } from '../../src/forms/clean-text.ts';
import { formSchema } from '../../src/forms/schema.ts';
import { isLocaleId } from '../../src/i18n/locales.ts';
import { countRows } from '../storage/database.ts';
import { translatorFor } from './language.ts';
import {
  contactValues,
  createTestApp,
  PDF,
  postUpload,
  proofOfWork,
  type TestApp,
  storedValuesText,
} from '../testing/forms-app.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

// Text with what attacks use: control characters, lone surrogates, invisible characters,
// markup, formula starts, path parts.
const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u200b',
    '\u0000',
    '\ud800',
    '=1+1',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    'financial-aid',
    'email',
    'phone',
    'reader@example.org',
    '+32 2 542 72 24',
    'https://example.be',
  ),
);
const value = fc.oneof(
  hostileText,
  fc.boolean(),
  fc.array(hostileText, { maxLength: 4 }),
  fc.constant(null),
  fc.integer(),
  fc.dictionary(fc.string({ maxLength: 5 }), hostileText, { maxKeys: 2 }),
);
const fieldName = fc.constantFrom(
  'name',
  'topic',
  'message',
  'replyBy',
  'email',
  'phone',
  'attachments',
  'consent',
  '__proto__',
  'constructor',
  'toString',
  'extra',
);

describe('POST /api/forms/contact with random bodies', () => {
  it('never answers 5xx, and stores exactly what the schema makes of the values', async () => {
    const form = test.app.formsApi.forms.get('contact');
    if (!form) throw new Error('no contact form');
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            // A valid submission with hostile text in its free fields, one with any fields
            // replaced by anything, or anything at all.
            values: fc.oneof(
              fc.record({ name: hostileText, message: hostileText }).map(({ name, message }) => ({
                ...contactValues(),
                name,
                message: `Q ${message}`,
              })),
              fc.dictionary(fieldName, value, { maxKeys: 6 }).map((changes) => ({
                ...contactValues(),
                ...changes,
              })),
              fc.anything(),
            ),
            lang: fc.oneof(fc.constantFrom('nl', 'fr', 'de', 'en'), hostileText),
            website: fc.oneof(fc.constant(''), hostileText),
          },
          { requiredKeys: ['values'] },
        ),
        async (body) => {
          const { db } = test.app.formsApi.storage;
          const before = await countRows(db, 'submissions');
          const response = await test.app.inject({
            method: 'POST',
            url: '/api/forms/contact',
            payload: { ...body, altcha: await proofOfWork(test.app) },
          });
          expect(response.statusCode).toBeLessThan(500);
          const stored = await countRows(db, 'submissions');
          if (response.statusCode !== 201) {
            expect(stored).toBe(before);
            return;
          }
          expect(stored).toBe(before + 1);
          const { reference } = response.json<{ reference: string }>();
          const row = await db
            .selectFrom('submissions')
            .select('lang')
            .where('id', '=', reference)
            .executeTakeFirstOrThrow();
          const values = await storedValuesText(db, reference);
          if (!isLocaleId(row.lang)) throw new Error(`stored language ${row.lang}`);
          const schema = formSchema(localizeForm(form, row.lang), translatorFor(row.lang));
          const data = JSON.parse(values) as Record<string, unknown>;
          expect(data).toEqual(schema.parse(body.values));
          // What the schema must refuse is never stored: a blank answer to a required field.
          expect(isBlank(String(data.message))).toBe(false);
          // JSON escapes what is left of control characters and lone surrogates: none may be.
          expect(values).not.toMatch(/\\u00(?:0[0-8bcef]|1[0-9a-f])|\\ud[89a-f]/i);
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);
});

describe('POST /api/uploads with random file names', () => {
  it('never answers 5xx, and keeps a clean name that is never a path', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .oneof(fc.string({ unit: 'binary', maxLength: 60 }), hostileText)
          .map((name) => `${name.replaceAll('"', '')}.pdf`),
        async (name) => {
          const response = await postUpload(test.app, name, PDF);
          expect(response.statusCode).toBeLessThan(500);
          if (response.statusCode !== 201) return;
          const { token, name: kept } = response.json<{ token: string; name: string }>();
          // eslint-disable-next-line no-control-regex -- control characters are what must be absent
          expect(kept).not.toMatch(/[\\/\u0000-\u001f]/);
          expect(kept.length).toBeLessThanOrEqual(200);
          expect(existsSync(join(test.config.uploadDir, token))).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  }, 120_000);
});
