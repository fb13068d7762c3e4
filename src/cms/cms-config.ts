// The CMS configuration (Sveltia CMS, ADR 0017), generated from the content's zod schemas so
// that the editor and the build accept the same fields and cannot drift apart.
import { z } from 'zod';
import { MEDIA_DIR, MEDIA_LIMITS, MEDIA_URL } from '../content/media.ts';
import { menusSchema } from '../content/menus.ts';
import { attackSchema, eventSchema, newsSchema, pageSchema } from '../content/schemas.ts';
import { SEARCH_WORDS_DIR, searchWordsSchema } from '../content/search-words.ts';
import { siteSchema } from '../content/site.ts';
import { stepsSchema, stepTextsSchema } from '../content/step-by-step.ts';
import { sourcesSchema, topicsSchema, type Sources, type Topics } from '../content/taxonomy.ts';
import { formDefinitionSchema } from '../forms/definition.ts';
import { DEFAULT_LOCALE, LOCALE_IDS } from '../i18n/locales.ts';
import { editorFieldOverrides } from './editor-fields.ts';
import { fieldOf, fieldsOf, labelOf, type CmsField, type FieldOverrides } from './zod-fields.ts';

/** The git host the editorial workflow's branches and pull requests go to (docs: ADR 0017). */
export interface CmsBackend {
  name: 'github' | 'gitlab';
  repo: string;
  branch: string;
  /**
   * Sveltia's `automatic_deployments: false` (renamed `skip_ci: true`): each save is committed
   * with `[skip ci]`, which the publisher does not build, and "Publish changes" publishes the batch.
   */
  skip_ci?: boolean;
}

/** The ids of the step-by-step's maps as content/step-by-step/steps.yaml has them now. */
export interface StepByStepIds {
  stages: string[];
  contacts: string[];
  steps: string[];
}

/** What the configuration is made from besides the schemas: the content's ids and the backend. */
export interface CmsConfigInput {
  topics: Topics;
  sources: Sources;
  stepByStep: StepByStepIds;
  backend: CmsBackend;
  /** PREVIEW_ORIGIN: the entries' preview links open their page there; none without it. */
  previewOrigin?: string | undefined;
}

/** A collection of Markdown files, one per item and language (`{key}.{lang}.md`). */
interface FolderCollection {
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
interface FileCollection {
  name: string;
  label: string;
  files: { name: string; label: string; file: string; format: 'yaml'; fields: CmsField[] }[];
}

/** The whole configuration, as Sveltia CMS reads it from config.yml. */
export interface CmsConfig {
  backend: CmsBackend;
  /** The preview address (PREVIEW_ORIGIN), the base of the entries' preview links. */
  site_url?: string;
  /** Without a preview address, no link: Sveltia would open the live site, where a draft is not. */
  show_preview_links: boolean;
  publish_mode: 'editorial_workflow';
  media_folder: string;
  public_folder: string;
  media_libraries: {
    default: { config: { max_file_size: number; slugify_filename: boolean } };
  };
  i18n: { structure: 'multiple_files'; locales: string[]; default_locale: string };
  slug: { encoding: 'ascii'; clean_accents: boolean; sanitize_replacement: string };
  output: { omit_empty_optional_fields: boolean };
  collections: (FolderCollection | FileCollection)[];
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

/** A select of ids with their name in the default language, keeping the walked field's bounds. */
function idSelect(walked: CmsField, names: Record<string, string>): CmsField {
  // The options are the exact ids: the walked item, pattern and lengths say nothing more.
  const { name, label, required, hint, min, max } = walked;
  return {
    name,
    label,
    widget: 'select',
    ...(required === undefined ? {} : { required }),
    ...(hint === undefined ? {} : { hint }),
    ...(walked.widget === 'list' ? { multiple: true } : {}),
    ...(min === undefined ? {} : { min }),
    ...(max === undefined ? {} : { max }),
    options: Object.entries(names).map(([value, text]) => ({ label: `${text} (${value})`, value })),
  };
}

/**
 * Where the walk needs help: ids that must exist in content/taxonomy (the build refuses an
 * unknown topic or source), and values no widget can write faithfully.
 */
export function fieldOverrides(topics: Topics, sources: Sources): FieldOverrides {
  const topicNames = Object.fromEntries(
    Object.entries(topics).map(([id, name]) => [id, name[DEFAULT_LOCALE]]),
  );
  const sourceNames = Object.fromEntries(
    Object.entries(sources).map(([id, source]) => [id, source.name[DEFAULT_LOCALE]]),
  );
  const topicSelect = (_: unknown, walked: () => CmsField) => idSelect(walked(), topicNames);
  const sourceSelect = (_: unknown, walked: () => CmsField) => idSelect(walked(), sourceNames);
  // Kept as written but not editable yet: a widget writes one kind of value, and this holds one of
  // several (`equals`: a value, a list of values or true).
  const unwritable = ({ name, label }: { name: string; label: string }): CmsField => ({
    name,
    label,
    widget: 'hidden',
  });
  // Scheduled publishing (src/content/schedule.ts): a date and time picker in the editor's own
  // time, Brussels for the desk, written as the schema's YYYY-MM-DDTHH:MM.
  const brusselsDateTime = (_: unknown, walked: () => CmsField): CmsField => {
    const { name, label, required, hint, i18n } = walked();
    return {
      name,
      label,
      widget: 'datetime',
      format: 'YYYY-MM-DDTHH:mm',
      ...(required === undefined ? {} : { required }),
      ...(hint === undefined ? {} : { hint }),
      ...(i18n === undefined ? {} : { i18n }),
    };
  };
  return {
    'news.publishAt': brusselsDateTime,
    'news.unpublishAt': brusselsDateTime,
    'event.publishAt': brusselsDateTime,
    'event.unpublishAt': brusselsDateTime,
    'news.topics': topicSelect,
    'attack.topics': topicSelect,
    'event.topics': topicSelect,
    'news.source': sourceSelect,
    'page.sources[].id': sourceSelect,
    'news.sources[].id': sourceSelect,
    'attack.sources[].id': sourceSelect,
    'form.fields[].when.equals': unwritable,
    'form.fields[].fields[].when.equals': unwritable,
  };
}

/**
 * A record keyed by id (topics, sources): one object per id the file has now, walked from the
 * record's value schema. A new id needs a developer: no widget edits a map's keys.
 */
function recordFields(schemaName: string, value: z.core.$ZodType, ids: string[]): CmsField[] {
  return ids.map((id) => fieldOf(value, { schema: schemaName, path: id, name: id, label: id }));
}

/** The value schema of a record field of an object schema (`contacts` of steps.yaml). */
const recordValue = (
  schema: z.ZodObject<Record<string, z.core.$ZodType>>,
  key: string,
): z.core.$ZodType => {
  const field: z.core.$ZodType | undefined = schema.shape[key];
  const def = field?._zod.def;
  if (def?.type !== 'record') throw new Error(`${key}: not a record`);
  return (def as z.core.$ZodRecordDef).valueType;
};

/**
 * "What applies to me?" (content/step-by-step): its maps keyed by id (stages, contacts, steps)
 * become one object per id it has now; a contact's `url` (one address or one per language) is
 * kept but not editable, like a form condition's `equals`. New ids need a developer, as for topics.
 */
export function stepByStepOverrides(ids: StepByStepIds): FieldOverrides {
  const perId =
    (schemaName: string, value: z.core.$ZodType, keys: string[], inner: FieldOverrides = {}) =>
    ({ name, label }: { name: string; label: string }): CmsField => ({
      name,
      label,
      widget: 'object',
      fields: keys.map((id) =>
        fieldOf(value, { schema: schemaName, path: id, name: id, label: id }, { overrides: inner }),
      ),
    });
  const hiddenUrls = Object.fromEntries(
    ids.contacts.map((id) => [
      `stepContact.${id}.url`,
      ({ name, label }: { name: string; label: string }): CmsField => ({
        name,
        label,
        widget: 'hidden',
      }),
    ]),
  );
  return {
    'stepByStep.contacts': perId(
      'stepContact',
      recordValue(stepsSchema, 'contacts'),
      ids.contacts,
      hiddenUrls,
    ),
    'stepTexts.stages': perId('stepStage', recordValue(stepTextsSchema, 'stages'), ids.stages),
    'stepTexts.contacts': perId(
      'stepContactName',
      recordValue(stepTextsSchema, 'contacts'),
      ids.contacts,
    ),
    'stepTexts.steps': perId('stepText', recordValue(stepTextsSchema, 'steps'), ids.steps),
  };
}

/** The CMS configuration for this site's content folder, generated from its schemas. */
export function generateCmsConfig({
  topics,
  sources,
  stepByStep,
  backend,
  previewOrigin,
}: CmsConfigInput): CmsConfig {
  const overrides = {
    ...fieldOverrides(topics, sources),
    ...stepByStepOverrides(stepByStep),
    ...editorFieldOverrides(),
    // A few hundred words: a box of several lines, not one.
    'searchWords.commonWords': (_: unknown, walked: () => CmsField): CmsField => ({
      ...walked(),
      widget: 'text',
    }),
  };
  const items: FolderCollection[] = ITEM_COLLECTIONS.map(
    ({ kind, name, label, singular, schema }) => ({
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
    }),
  );
  const forms: FolderCollection = {
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
  const settings: FileCollection = {
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
  const taxonomy: FileCollection = {
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
  const steps: FileCollection = {
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
  // The search words of each language (content/search/{lang}.yaml), side by side.
  const searchWords: FileCollection = {
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
  return {
    // Only GitHub has "Publish changes" without a URL in each editor's settings (a dispatch that
    // the publisher's webhook receives); elsewhere every save on the branch is published.
    backend: backend.name === 'github' ? { ...backend, skip_ci: true } : backend,
    ...(previewOrigin ? { site_url: previewOrigin } : {}),
    show_preview_links: previewOrigin !== undefined,
    publish_mode: 'editorial_workflow',
    // One folder for every image (content/CONTENT-FORMAT.md "Images"); the build makes the
    // responsive versions, so uploads stay as they are, within the build's size limit.
    media_folder: `content/${MEDIA_DIR}`,
    public_folder: MEDIA_URL.replace(/\/$/, ''),
    media_libraries: {
      default: {
        config: {
          max_file_size: MEDIA_LIMITS.maxBytes,
          // "Photo 1 (2).JPG" would break the build's file-name rule: uploads get a slug.
          slugify_filename: true,
        },
      },
    },
    i18n: { structure: 'multiple_files', locales: [...LOCALE_IDS], default_locale: DEFAULT_LOCALE },
    // Keys are [a-z0-9-]+ (src/content/items.ts): ASCII slugs, accents dropped.
    slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' },
    // The schemas are strict: an empty optional field written as '' would fail the build.
    output: { omit_empty_optional_fields: true },
    collections: [...items, settings, taxonomy, forms, steps, searchWords],
  };
}
