// The CMS configuration (Sveltia CMS, ADR 0017), generated from the content's zod schemas so
// that the editor and the build accept the same fields and cannot drift apart (the collections:
// cms-collections.ts; the walk: zod-fields.ts).
import { z } from 'zod';
import { MEDIA_DIR, MEDIA_LIMITS, MEDIA_URL } from '../content/media.ts';
import { stepsSchema, stepTextsSchema } from '../content/step-by-step.ts';
import type { Sources, Topics } from '../content/taxonomy.ts';
import { DEFAULT_LOCALE, LOCALE_IDS } from '../i18n/locales.ts';
import {
  formsCollection,
  itemCollections,
  searchWordsCollection,
  settingsCollection,
  stepsCollection,
  taxonomyCollection,
  type FileCollection,
  type FolderCollection,
} from './cms-collections.ts';
import { editorFieldOverrides } from './editor-fields.ts';
import { fieldOf, type CmsField, type FieldOverrides } from './zod-fields.ts';

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
    collections: [
      ...itemCollections(overrides, previewOrigin),
      settingsCollection(overrides),
      taxonomyCollection(topics, sources),
      formsCollection(overrides),
      stepsCollection(overrides),
      searchWordsCollection(overrides),
    ],
  };
}
