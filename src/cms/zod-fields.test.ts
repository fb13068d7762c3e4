// The schema walk on small schemas: each zod kind's widget, and a kind it does not know stopping
// generation with the schema and the field named.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { fieldsOf, labelOf } from './zod-fields.ts';

describe('the schema walk', () => {
  it('gives each kind of zod field its widget, required unless optional or defaulted', () => {
    const schema = z.object({
      title: z.string().min(1),
      note: z.string().max(200).optional(),
      day: z.iso.date(),
      mail: z.email(),
      site: z.url({ protocol: /^https$/ }),
      count: z.int().positive().max(10),
      ratio: z.number().min(0),
      shown: z.boolean().default(false),
      kind: z.enum(['a', 'b']),
      theme: z.literal('guichet'),
      tags: z.array(z.string()).min(1),
      langs: z.array(z.enum(['nl', 'fr'])).max(2),
      size: z.string().transform((text) => text.length),
    });
    expect(fieldsOf('example', schema)).toEqual([
      { name: 'title', label: 'Title', widget: 'string', required: true },
      { name: 'note', label: 'Note', widget: 'string', maxlength: 200, required: false },
      {
        name: 'day',
        label: 'Day',
        widget: 'datetime',
        type: 'date',
        format: 'YYYY-MM-DD',
        required: true,
      },
      { name: 'mail', label: 'Mail', widget: 'string', type: 'email', required: true },
      {
        name: 'site',
        label: 'Site',
        widget: 'string',
        type: 'url',
        pattern: ['^(?:https)://\\S+$', 'Site: a full web address (https://…)'],
        required: true,
      },
      {
        name: 'count',
        label: 'Count',
        widget: 'number',
        value_type: 'int',
        min: 1,
        max: 10,
        required: true,
      },
      {
        name: 'ratio',
        label: 'Ratio',
        widget: 'number',
        value_type: 'float',
        min: 0,
        required: true,
      },
      { name: 'shown', label: 'Shown', widget: 'boolean', default: false, required: false },
      { name: 'kind', label: 'Kind', widget: 'select', options: ['a', 'b'], required: true },
      { name: 'theme', label: 'Theme', widget: 'hidden', default: 'guichet' },
      {
        name: 'tags',
        label: 'Tags',
        widget: 'list',
        min: 1,
        required: true,
        field: { name: 'tags', label: 'Tags', widget: 'string', required: true },
      },
      {
        name: 'langs',
        label: 'Langs',
        widget: 'select',
        multiple: true,
        options: ['nl', 'fr'],
        max: 2,
        required: true,
      },
      { name: 'size', label: 'Size', widget: 'string', required: true },
    ]);
  });

  it("carries a regex as the widget's pattern with the schema's message, naming the field", () => {
    const [field] = fieldsOf(
      'example',
      z.object({ country: z.string().regex(/^[A-Z]{2}$/, 'a country code such as BE') }),
    );
    expect(field?.pattern).toEqual(['^[A-Z]{2}$', 'Country: a country code such as BE']);
  });

  it('maps objects, discriminated unions and unions of objects to nested fields', () => {
    const schema = z.object({
      where: z.object({ town: z.string().min(1) }),
      items: z.array(
        z.discriminatedUnion('type', [
          z.object({ type: z.literal('note'), text: z.string().min(1) }),
          z.object({ type: z.literal('link'), url: z.url() }),
        ]),
      ),
      ref: z.union([
        z.object({ id: z.string().min(1), checked: z.iso.date() }),
        z.object({ url: z.url(), checked: z.iso.date() }),
      ]),
    });
    const [where, items, ref] = fieldsOf('example', schema);
    expect(where?.fields?.map((field) => field.name)).toEqual(['town']);
    expect(items?.typeKey).toBe('type');
    expect(
      items?.types?.map((type) => [type.name, type.fields.map((field) => field.name)]),
    ).toEqual([
      ['note', ['text']],
      ['link', ['url']],
    ]);
    // Required only where every branch requires it: the build checks which combination is allowed.
    expect(ref?.fields?.map((field) => [field.name, field.required])).toEqual([
      ['id', false],
      ['checked', true],
      ['url', false],
    ]);
  });

  it('lets an override replace a field, given what the walk makes of it', () => {
    const [field] = fieldsOf('example', z.object({ topic: z.string().min(1) }), {
      overrides: {
        'example.topic': (_context, walked) => ({ ...walked(), widget: 'select', options: ['x'] }),
      },
    });
    expect(field).toEqual({
      name: 'topic',
      label: 'Topic',
      widget: 'select',
      options: ['x'],
      required: true,
    });
  });

  it('stops on a zod type it does not know, naming the schema and the field', () => {
    expect(() => fieldsOf('example', z.object({ when: z.date() }))).toThrow(
      'example: field "when" has no widget: zod type "date" is not mapped',
    );
    expect(() =>
      fieldsOf('example', z.object({ rows: z.array(z.object({ id: z.bigint() })) })),
    ).toThrow('example: field "rows[].id" has no widget: zod type "bigint" is not mapped');
    expect(() =>
      fieldsOf('example', z.object({ either: z.union([z.string(), z.number()]) })),
    ).toThrow('example: field "either" has no widget: a union of values of different kinds');
  });

  // The site settings could not be saved: analytics' empty matomoUrl and siteId were required.
  it('stops on a string that may be empty but must be present, which the editor cannot write', () => {
    expect(() => fieldsOf('example', z.object({ where: z.object({ town: z.string() }) }))).toThrow(
      'example: field "where.town" has no widget: it may be empty but must be present, and the editor leaves an empty field out: give it .default(\'\') or .min(1)',
    );
    expect(fieldsOf('example', z.object({ siteId: z.string().default('') }))).toEqual([
      { name: 'siteId', label: 'Site id', widget: 'string', default: '', required: false },
    ]);
  });

  // Sveltia's configuration schema has no `required` on hidden fields: it ignored it with a warning.
  it('gives an optional hidden field no required option', () => {
    expect(fieldsOf('example', z.object({ deadline: z.literal(true).optional() }))).toEqual([
      { name: 'deadline', label: 'Deadline', widget: 'hidden', default: true },
    ]);
  });

  it('labels a camelCase key as words', () => {
    expect(labelOf('administrationName')).toBe('Administration name');
    expect(labelOf('maxSize')).toBe('Max size');
  });
});
