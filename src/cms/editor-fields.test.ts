// Editor traps in the generated configuration: the path may be left empty for the editor to
// propose it, and the page switches that wire code to a page are hidden, never editable.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTaxonomy } from '../content/taxonomy.ts';
import { ITEM_COLLECTIONS } from './cms-collections.ts';
import { generateCmsConfig } from './cms-config.ts';
import { TECHNICAL_PAGE_FIELDS } from './editor-fields.ts';

const CONTENT = join(import.meta.dirname, '../../content');
const config = generateCmsConfig({
  ...loadTaxonomy(join(CONTENT, 'taxonomy')),
  stepByStep: { stages: [], contacts: [], steps: [] },
  backend: { name: 'github', repo: 'example/site', branch: 'main' },
});
const fieldsOf = (collection: string) => {
  const found = config.collections.find((entry) => entry.name === collection);
  if (!found || !('fields' in found)) throw new Error(`no folder collection ${collection}`);
  return found.fields;
};

describe('the item collections’ fields', () => {
  it('let the path be left empty, with a hint that it is made from the title', () => {
    for (const { name } of ITEM_COLLECTIONS) {
      const path = fieldsOf(name).find((field) => field.name === 'path');
      expect(path, name).toMatchObject({
        widget: 'string',
        required: false,
        hint: 'Left empty, it is made from the title when you save (lowercase words joined by hyphens); you can change it.',
      });
    }
  });

  it('hide the pages’ technical switches, kept as the file has them', () => {
    const fields = fieldsOf('pages');
    expect(
      fields
        .filter((field) => field.widget === 'hidden')
        .map((field) => field.name)
        .sort(),
    ).toEqual([...TECHNICAL_PAGE_FIELDS].sort());
    for (const name of TECHNICAL_PAGE_FIELDS)
      expect(fields.find((field) => field.name === name)).toEqual({
        name,
        label: expect.any(String) as string,
        widget: 'hidden',
        i18n: expect.anything() as unknown,
      });
  });
});
