// The CMS's collections (Sveltia CMS, ADR 0017), one builder per kind of content: the items
// (Markdown with front matter, a file per language), the forms, the settings and menus, the
// taxonomy, the step-by-step and the search words. cms-config.ts puts them together.
import type { z } from 'zod';
import { menusSchema } from '../content/menus.ts';
import { attackSchema, eventSchema, newsSchema, pageSchema } from '../content/schemas.ts';
import { SEARCH_WORDS_DIR, searchWordsSchema } from '../content/search-words.ts';
import { siteSchema } from '../content/site.ts';
import { stepsSchema, stepTextsSchema } from '../content/step-by-step.ts';
import { sourcesSchema, topicsSchema, type Sources, type Topics } from '../content/taxonomy.ts';
import { formDefinitionSchema } from '../forms/definition.ts';
import { LOCALE_IDS } from '../i18n/locales.ts';
import { fieldOf, fieldsOf, labelOf, type CmsField, type FieldOverrides } from './zod-fields.ts';

/** A collection of Markdown files, one per item and language (`{key}.{lang}.md`). */
export interface FolderCollection {
  name: string;
  label: string;
  label_singular: string;
  folder: string;
  extension: 'md' | 'yaml';
  format: 'yaml-frontmatter' | 'yaml';
  create: boolean;
  identifier_field?: string;
  summary?: string;
  i18n?: boolean;
  /** The entry's page on `site_url`, in the entry's language (its `path` holds the language). */
  preview_path?: string;
  fields: CmsField[];
}

/** A collection of named YAML files (site settings, menus, taxonomy). */
export interface FileCollection {
  name: string;
  label: string;
  files: { name: string; label: string; file: string; format: 'yaml'; fields: CmsField[] }[];
}

/** The front matter of the four item kinds, by the name errors and overrides use. */
export const ITEM_COLLECTIONS = [
  { kind: 'page', name: 'pages', label: 'Pages', singular: 'Page', schema: pageSchema },
  { kind: 'news', name: 'news', label: 'News', singular: 'News item', schema: newsSchema },
  {
    kind: 'attack',
    name: 'attacks',
    label: 'Recognised attacks',
    singular: 'Recognised attack',
    schema: attackSchema,
  },
  { kind: 'event', name: 'events', label: 'Events', singular: 'Event', schema: eventSchema },
] as const;

/**
 * The toolbar of a body: no "Heading 1" (the page's title is its one h1, and the build refuses
 * another: src/content/markdown.ts), nor levels 5 and 6, strikethrough or code, which no reader
 * of these pages needs.
 */
export const BODY_BUTTONS = [
  'bold',
  'italic',
  'link',
  'heading-two',
  'heading-three',
  'heading-four',
  'quote',
  'bulleted-list',
  'numbered-list',
] as const;

/**
 * Front-matter fields that every translation of an item shares (content/CONTENT-FORMAT.md: the
 * same sources in the same order, the same topics): edited once, copied to the other languages.
 */
export const SAME_IN_EVERY_LANGUAGE = new Set([
  'date',
  'topics',
  'source',
  'sources',
  'country',
  'start',
  'end',
  'online',
  'onlineLink',
  'listing',
  'form',
  'publishAt',
  'unpublishAt',
]);

/** The fields of scheduled publishing (src/content/schedule.ts), shown after the body. */
const SCHEDULE_FIELDS = new Set(['publishAt', 'unpublishAt']);

/** A field of an item, shared by its translations when SAME_IN_EVERY_LANGUAGE names it. */
const inEveryLanguage = (field: CmsField): CmsField => ({
  ...field,
  i18n: SAME_IN_EVERY_LANGUAGE.has(field.name) ? ('duplicate' as const) : true,
});

/**
 * A record keyed by id (topics, sources): one object per id the file has now, walked from the
 * record's value schema. A new id needs a developer: no widget edits a map's keys.
 */
function recordFields(schemaName: string, value: z.core.$ZodType, ids: string[]): CmsField[] {
  return ids.map((id) => fieldOf(value, { schema: schemaName, path: id, name: id, label: id }));
}

/** The four item kinds: Markdown files with front matter, one per item and language. */
export function itemCollections(
  overrides: FieldOverrides,
  previewOrigin: string | undefined,
): FolderCollection[] {
  return ITEM_COLLECTIONS.map(({ kind, name, label, singular, schema }) => ({
    name,
    label,
    label_singular: singular,
    folder: `content/${name}`,
    extension: 'md',
    format: 'yaml-frontmatter',
    create: true,
    identifier_field: 'title',
    summary: '{{title}} ({{path}})',
    i18n: true,
    // Each language's file has its own address (`/fr/premiers-pas`), the language in it: the
    // link opens the page in the language the editor is looking at.
    ...(previewOrigin ? { preview_path: '{{fields.path}}' } : {}),
    fields: [
      ...fieldsOf(kind, schema, { overrides })
        .filter((field) => !SCHEDULE_FIELDS.has(field.name))
        .map(inEveryLanguage),
      // The Markdown after the front matter (src/content/items.ts): not in the schema, always there.
      {
        name: 'body',
        label: 'Body',
        widget: 'markdown',
        required: true,
        i18n: true,
        buttons: BODY_BUTTONS,
      },
      // The schedule after the body: placed before it, Sveltia 0.221 drew no body at all
      // (tests/e2e/admin-editing.spec.ts), and an editor sets a time after writing the text.
      ...fieldsOf(kind, schema, { overrides })
        .filter((field) => SCHEDULE_FIELDS.has(field.name))
        .map(inEveryLanguage),
    ],
  }));
}

/** The forms: one YAML file per form, every language in it. */
export function formsCollection(overrides: FieldOverrides): FolderCollection {
  return {
    name: 'forms',
    label: 'Forms',
    label_singular: 'Form',
    folder: 'content/forms',
    extension: 'yaml',
    format: 'yaml',
    create: true,
    // One file holds every language (labels are { nl, fr, de, en }): no i18n structure.
    fields: fieldsOf('form', formDefinitionSchema, { overrides }),
  };
}

/** The site's settings and its menus. */
export function settingsCollection(overrides: FieldOverrides): FileCollection {
  return {
    name: 'settings',
    label: 'Site settings',
    files: [
      {
        name: 'site',
        label: 'Site',
        file: 'content/site.yaml',
        format: 'yaml',
        fields: fieldsOf('site', siteSchema, { overrides }),
      },
      {
        name: 'menus',
        label: 'Menus',
        file: 'content/menus.yaml',
        format: 'yaml',
        fields: fieldsOf('menus', menusSchema, { overrides }),
      },
    ],
  };
}

/** The topics and the sources, one object per id the files have now. */
export function taxonomyCollection(topics: Topics, sources: Sources): FileCollection {
  return {
    name: 'taxonomy',
    label: 'Topics and sources',
    files: [
      {
        name: 'topics',
        label: labelOf('topics'),
        file: 'content/taxonomy/topics.yaml',
        format: 'yaml',
        fields: recordFields('topics', topicsSchema._zod.def.valueType, Object.keys(topics)),
      },
      {
        name: 'sources',
        label: labelOf('sources'),
        file: 'content/taxonomy/sources.yaml',
        format: 'yaml',
        fields: recordFields('sources', sourcesSchema._zod.def.valueType, Object.keys(sources)),
      },
    ],
  };
}

/** "What applies to me?": its steps, and the words of each language side by side. */
export function stepsCollection(overrides: FieldOverrides): FileCollection {
  return {
    name: 'step-by-step',
    label: 'What applies to me?',
    files: [
      {
        name: 'steps',
        label: 'Steps and whom they are for',
        file: 'content/step-by-step/steps.yaml',
        format: 'yaml',
        fields: fieldsOf('stepByStep', stepsSchema, { overrides }),
      },
      // The words of each language are a file of their own (steps.{lang}.yaml), side by side.
      ...LOCALE_IDS.map((lang) => ({
        name: `steps-${lang}`,
        label: `Words (${lang})`,
        file: `content/step-by-step/steps.${lang}.yaml`,
        format: 'yaml' as const,
        fields: fieldsOf('stepTexts', stepTextsSchema, { overrides }),
      })),
    ],
  };
}

/** The search words of each language (content/search/{lang}.yaml), side by side. */
export function searchWordsCollection(overrides: FieldOverrides): FileCollection {
  return {
    name: 'search-words',
    label: 'Search words',
    files: LOCALE_IDS.map((lang) => ({
      name: `search-words-${lang}`,
      label: `Search words (${lang})`,
      file: `content/${SEARCH_WORDS_DIR}/${lang}.yaml`,
      format: 'yaml' as const,
      fields: fieldsOf('searchWords', searchWordsSchema, { overrides }),
    })),
  };
}
