// The generated CMS configuration against the schemas it comes from: no field without a widget,
// the exact widget of fields editors get wrong, and YAML that reads back the same.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { parse, stringify } from 'yaml';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { config, CONTENT, stepIds, taxonomy } from './test-config.ts';
import { menusSchema } from '../content/menus.ts';
import { attackSchema, eventSchema, newsSchema, pageSchema } from '../content/schemas.ts';
import { siteSchema } from '../content/site.ts';
import { stepsSchema, stepTextsSchema } from '../content/step-by-step.ts';
import { formDefinitionSchema } from '../forms/definition.ts';
import { LOCALE_IDS } from '../i18n/locales.ts';
import { sveltiaPackageDir } from '../site-generator/admin.ts';
import { cmsConfigYaml } from './cms-config-cli.ts';
import { ITEM_COLLECTIONS } from './cms-collections.ts';
import { fieldOverrides, type CmsConfig } from './cms-config.ts';
import type { CmsField } from './zod-fields.ts';

/** The fields of a collection, or of one file of a file collection. */
function fieldsIn(config: CmsConfig, collection: string, file?: string): CmsField[] {
  const found = config.collections.find((entry) => entry.name === collection);
  if (!found) throw new Error(`no collection ${collection}`);
  if ('fields' in found) return found.fields;
  const fields = found.files.find((entry) => entry.name === file)?.fields;
  if (!fields) throw new Error(`no file ${file ?? ''} in ${collection}`);
  return fields;
}

/** The field at a dotted path (`contact.phones[].languages`), through objects and lists. */
function fieldAt(fields: CmsField[], path: string): CmsField {
  const [head = '', ...rest] = path.split('.');
  const field = fields.find((entry) => entry.name === head.replace('[]', ''));
  if (!field) throw new Error(`no field ${head}`);
  if (rest.length === 0) return field;
  const children = field.fields ?? field.types?.flatMap((type) => type.fields) ?? [];
  return fieldAt(children, rest.join('.'));
}

interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

/**
 * Every property path of a schema, read from zod's own JSON Schema (not from the walk under
 * test): `sources[].id` for the `id` of a list's items, union branches merged.
 */
function schemaPaths(json: JsonSchema, prefix = ''): Set<string> {
  const paths = new Set<string>();
  for (const branch of [json, ...(json.anyOf ?? []), ...(json.oneOf ?? [])]) {
    for (const [key, value] of Object.entries(branch.properties ?? {})) {
      const path = prefix ? `${prefix}.${key}` : key;
      paths.add(path);
      for (const inner of schemaPaths(value, path)) paths.add(inner);
    }
    if (branch.items)
      for (const inner of schemaPaths(branch.items, `${prefix}[]`)) paths.add(inner);
  }
  return paths;
}

/** Every field path of the generated fields, in the same notation. */
function fieldPaths(fields: CmsField[], prefix = ''): Set<string> {
  const paths = new Set<string>();
  for (const field of fields) {
    const path = prefix ? `${prefix}.${field.name}` : field.name;
    paths.add(path);
    const inner = field.widget === 'list' ? `${path}[]` : path;
    // The discriminator of a list with types is written by the CMS: it is the typeKey.
    if (field.typeKey) paths.add(`${inner}.${field.typeKey}`);
    const children = [
      ...(field.fields ?? []),
      ...(field.types ?? []).flatMap((type) => type.fields),
    ];
    for (const child of fieldPaths(children, inner)) paths.add(child);
  }
  return paths;
}

const jsonOf = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

const SCHEMAS = [
  { name: 'page', schema: pageSchema, fields: () => fieldsIn(config, 'pages') },
  { name: 'news', schema: newsSchema, fields: () => fieldsIn(config, 'news') },
  { name: 'attack', schema: attackSchema, fields: () => fieldsIn(config, 'attacks') },
  { name: 'event', schema: eventSchema, fields: () => fieldsIn(config, 'events') },
  { name: 'site', schema: siteSchema, fields: () => fieldsIn(config, 'settings', 'site') },
  { name: 'menus', schema: menusSchema, fields: () => fieldsIn(config, 'settings', 'menus') },
  { name: 'form', schema: formDefinitionSchema, fields: () => fieldsIn(config, 'forms') },
];

describe('the generated CMS configuration', () => {
  it.each(SCHEMAS)('gives every field of the $name schema a widget, at every depth', (entry) => {
    const generated = fieldPaths(entry.fields());
    // The Markdown body is the file's text after the front matter, not a schema field.
    generated.delete('body');
    expect([...generated].sort()).toEqual([...schemaPaths(jsonOf(entry.schema))].sort());
  });

  it('gives every body a toolbar without "Heading 1": the page title is its one h1', () => {
    for (const { name } of ITEM_COLLECTIONS) {
      const body = fieldsIn(config, name).find((field) => field.name === 'body');
      expect(body?.buttons, name).toEqual([
        'bold',
        'italic',
        'link',
        'heading-two',
        'heading-three',
        'heading-four',
        'quote',
        'bulleted-list',
        'numbered-list',
      ]);
    }
  });

  it('gives every topic and source of the taxonomy its names in four languages', () => {
    const topics = fieldsIn(config, 'taxonomy', 'topics');
    expect(topics.map((field) => field.name)).toEqual(Object.keys(taxonomy.topics));
    for (const topic of topics) {
      expect(topic.fields?.map((field) => [field.name, field.widget])).toEqual(
        LOCALE_IDS.map((id) => [id, 'string']),
      );
    }
    const sources = fieldsIn(config, 'taxonomy', 'sources');
    expect(sources.map((field) => field.name)).toEqual(Object.keys(taxonomy.sources));
    expect(sources[0]?.fields?.map((field) => field.name)).toEqual(['name', 'url']);
  });

  it('gives "What applies to me?" its steps file and four word files, one object per id', () => {
    const structure = fieldsIn(config, 'step-by-step', 'steps');
    expect(structure.map((field) => field.name)).toEqual(Object.keys(stepsSchema.shape));
    const contacts = fieldAt(structure, 'contacts');
    expect(contacts.fields?.map((field) => field.name)).toEqual(stepIds.contacts);
    expect(fieldAt(structure, 'contacts.police.url').widget).toBe('hidden');
    expect(fieldAt(structure, 'contacts.commission.email').widget).toBe('string');
    expect(fieldAt(structure, 'steps.join')).toMatchObject({
      widget: 'select',
      options: ['and', 'or'],
      required: false,
    });
    for (const lang of LOCALE_IDS) {
      const words = fieldsIn(config, 'step-by-step', `steps-${lang}`);
      expect(words.map((field) => field.name)).toEqual(Object.keys(stepTextsSchema.shape));
      expect(fieldAt(words, 'steps').fields?.map((field) => field.name)).toEqual(stepIds.steps);
      expect(
        fieldAt(words, 'steps.financial-aid').fields?.map((field) => [field.name, field.required]),
      ).toEqual([
        ['title', true],
        ['tasks', true],
        ['bring', false],
      ]);
      expect(fieldAt(words, 'stages').fields?.map((field) => field.name)).toEqual(stepIds.stages);
      expect(fieldAt(words, 'ui.role.options').fields?.map((field) => field.name)).toEqual([
        'injured',
        'bereaved',
        'relative-injured',
        'present',
        'helper',
      ]);
    }
  });

  it('gives the search words of each language a file of their own: common words, groups of words', () => {
    for (const lang of LOCALE_IDS) {
      const words = fieldsIn(config, 'search-words', `search-words-${lang}`);
      expect(words.map((field) => [field.name, field.widget, field.required])).toEqual([
        ['commonWords', 'text', true],
        ['alternatives', 'list', true],
      ]);
      expect(fieldAt(words, 'alternatives.words')).toMatchObject({
        widget: 'list',
        min: 2,
        required: true,
      });
    }
    const collection = config.collections.find((entry) => entry.name === 'search-words');
    expect(
      collection && 'files' in collection ? collection.files.map((file) => file.file) : [],
    ).toEqual(LOCALE_IDS.map((lang) => `content/search/${lang}.yaml`));
  });

  it('names only fields that exist in its overrides, so a renamed field cannot leave one unused', () => {
    const known = new Set(
      SCHEMAS.flatMap(({ name, schema }) =>
        [...schemaPaths(jsonOf(schema))].map((path) => `${name}.${path}`),
      ),
    );
    for (const key of Object.keys(fieldOverrides(taxonomy.topics, taxonomy.sources))) {
      expect(known, key).toContain(key);
    }
  });

  it("makes a page's updated day a date picker that writes YYYY-MM-DD", () => {
    expect(fieldAt(fieldsIn(config, 'pages'), 'updated')).toEqual({
      name: 'updated',
      label: 'Updated',
      widget: 'datetime',
      type: 'date',
      format: 'YYYY-MM-DD',
      required: true,
      i18n: true,
    });
  });

  it("makes news items' and events' publishAt and unpublishAt date and time pickers, shared by the languages", () => {
    for (const collection of ['news', 'events'])
      for (const name of ['publishAt', 'unpublishAt'])
        expect(fieldAt(fieldsIn(config, collection), name)).toEqual({
          name,
          label: name === 'publishAt' ? 'Publish at' : 'Unpublish at',
          widget: 'datetime',
          format: 'YYYY-MM-DDTHH:mm',
          required: false,
          hint:
            name === 'publishAt'
              ? 'Goes online at this date and time (Brussels); empty: at once'
              : 'Goes offline at this date and time (Brussels); empty: stays online',
          i18n: 'duplicate',
        });
  });

  it("makes a news item's topics a choice of one to three ids of content/taxonomy/topics.yaml", () => {
    const topics = fieldAt(fieldsIn(config, 'news'), 'topics');
    expect(topics).toMatchObject({
      widget: 'select',
      multiple: true,
      min: 1,
      max: 3,
      required: true,
      i18n: 'duplicate',
    });
    expect(topics.options).toContainEqual({
      label: 'Remembrance (remembrance)',
      value: 'remembrance',
    });
    expect(
      topics.options?.map((option) => (typeof option === 'string' ? option : option.value)),
    ).toEqual(Object.keys(taxonomy.topics));
    expect(fieldAt(fieldsIn(config, 'news'), 'source').options).toHaveLength(
      Object.keys(taxonomy.sources).length,
    );
    expect(fieldAt(fieldsIn(config, 'pages'), 'sources.id').widget).toBe('select');
  });

  it('refuses in the editor the paths and codes the build refuses, with the schema message', () => {
    const path = fieldAt(fieldsIn(config, 'pages'), 'path');
    expect(path.pattern?.[1]).toBe(
      'Path: a root-relative path of lowercase words, without trailing slash',
    );
    const editorAccepts = new RegExp(path.pattern?.[0] ?? '');
    for (const value of [
      '/en/first-steps',
      '/nl',
      '/en/First-steps',
      '/en/first-steps/',
      '/xx/a',
    ]) {
      expect(editorAccepts.test(value), value).toBe(pageSchema.shape.path.safeParse(value).success);
    }
    expect(fieldAt(fieldsIn(config, 'attacks'), 'country').pattern).toEqual([
      '^[A-Z]{2}$',
      'Country: an ISO 3166 country code such as BE',
    ]);
    expect(fieldAt(fieldsIn(config, 'events'), 'start').pattern?.[1]).toBe(
      'Start: YYYY-MM-DD or YYYY-MM-DDTHH:MM (Brussels time)',
    );
  });

  it('maps the settings and form definitions field by field', () => {
    const site = fieldsIn(config, 'settings', 'site');
    expect(fieldAt(site, 'contact.phones.languages')).toMatchObject({
      widget: 'select',
      multiple: true,
      options: [...LOCALE_IDS],
      min: 1,
    });
    expect(fieldAt(site, 'social.facebook')).toMatchObject({
      widget: 'string',
      type: 'url',
      required: false,
    });
    expect(fieldAt(site, 'administrationName').fields?.map((field) => field.name)).toEqual([
      ...LOCALE_IDS,
    ]);
    const form = fieldsIn(config, 'forms');
    expect(fieldAt(form, 'retentionDays')).toMatchObject({
      widget: 'number',
      value_type: 'int',
      min: 1,
      max: 3650,
      required: false,
    });
    const fields = fieldAt(form, 'fields');
    expect(fields.typeKey).toBe('type');
    expect(fields.types?.map((type) => type.name)).toEqual([
      'text',
      'textarea',
      'email',
      'url',
      'tel',
      'number',
      'date',
      'time',
      'select',
      'radios',
      'checkboxes',
      'checkbox',
      'file',
      'markup',
      'fieldset',
    ]);
    const file = fields.types?.find((type) => type.name === 'file')?.fields ?? [];
    expect(fieldAt(file, 'maxSize').pattern?.[1]).toBe(
      'Max size: a size such as "500 KB" or "10 MB"',
    );
  });

  it('edits the four languages as {key}.{lang}.md files side by side', () => {
    expect(config.i18n).toEqual({
      structure: 'multiple_files',
      locales: ['nl', 'fr', 'de', 'en'],
      default_locale: 'en',
    });
    expect(config.collections.find((entry) => entry.name === 'news')).toMatchObject({
      folder: 'content/news',
      extension: 'md',
      format: 'yaml-frontmatter',
      i18n: true,
    });
  });

  // Sveltia ignores, with a console warning, an option its schema does not know (a hidden field's
  // `required` was one): the generated file must validate against the schema the package ships.
  it('uploads images to content/media, named /media/… in Markdown, refusing files over 5 MB', () => {
    expect([config.media_folder, config.public_folder]).toEqual(['content/media', '/media']);
    expect(config.media_libraries).toEqual({
      default: { config: { max_file_size: 5_242_880, slugify_filename: true } },
    });
  });

  it('validates against the configuration schema of the installed Sveltia CMS', () => {
    const schema = JSON.parse(
      readFileSync(join(sveltiaPackageDir(), 'schema/sveltia-cms.json'), 'utf8'),
    ) as object;
    const validate = new Ajv({ allErrors: true, strict: false, validateFormats: false }).compile(
      schema,
    );
    validate(parse(cmsConfigYaml(CONTENT, 'example/site', 'main')));
    expect(validate.errors ?? []).toEqual([]);
    validate(parse(cmsConfigYaml(CONTENT, 'example/site', 'main', 'http://preview.intern:8084')));
    expect(validate.errors ?? []).toEqual([]);
    // Reading the content and compiling Sveltia's schema took 3.6 s alone and 9.5 s while other
    // builds shared the two cores (2026-11-26): the 5 s default failed the whole npm test.
  }, 30_000);

  it('serialises to YAML that reads back the same, as npm run cms:config prints it', () => {
    expect(parse(stringify(config))).toEqual(config);
    expect(parse(cmsConfigYaml(CONTENT, 'example/site', 'main'))).toEqual(config);
  }, 30_000);
});
