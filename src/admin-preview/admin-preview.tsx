// The editor's preview bundle (dist/admin/preview.js, loaded after sveltia-cms.js): registers the
// site's stylesheets, a preview template for each Markdown collection, and a preSave listener
// that makes an empty path from the title (proposed-path.ts), runs the checks on saving
// (save-checks.ts) and dates a changed text (text-updated.ts) with Sveltia CMS.
import type { ComponentType } from 'react';
import type { LocaleId } from '../i18n/locales.ts';
import type { StaticQueryData } from '../routes/page-data.ts';
import { DEFAULT_LOCALE } from '../i18n/locales.ts';
import { entryIdOf, SITE_PATHS_URL, type PathOwners } from '../routes/site-paths.ts';
import { PREVIEW_COLLECTIONS } from './preview-data.ts';
import { readPreviewSettings } from './preview-settings.ts';
import { proposedPaths } from './proposed-path.ts';
import { saveProblems, type SavingEntry } from './save-checks.ts';
import {
  BODY_DIGESTS_URL,
  brusselsToday,
  languagesToDate,
  type BodyDigests,
} from './text-updated.ts';
import { previewTemplate, type PreviewTemplateProps } from './PreviewTemplate.tsx';

/** The part of Sveltia's `window.CMS` that the preview uses. */
interface SveltiaCms {
  registerPreviewStyle(style: string): void;
  registerPreviewTemplate(name: string, component: ComponentType<PreviewTemplateProps>): void;
  registerEventListener(listener: {
    name: 'preSave';
    handler: (event: { entry: ImmutableEntry }) => Promise<ImmutableEntry | undefined>;
  }): void;
}

/** The Immutable.js map Sveltia hands preSave; a changed map it gets back is what it saves. */
interface ImmutableEntry {
  toJS(): unknown;
  setIn(keys: string[], value: unknown): ImmutableEntry;
}

const cms = (window as { CMS?: SveltiaCms }).CMS;
if (!cms) throw new Error('admin preview: window.CMS is not set; load sveltia-cms.js first');
const settings = readPreviewSettings(document.currentScript?.dataset ?? {});

const chromes = new Map<LocaleId, Promise<StaticQueryData>>();
const loadChrome = (lang: LocaleId): Promise<StaticQueryData> => {
  let chrome = chromes.get(lang);
  if (!chrome) {
    const url = settings.chrome[lang];
    chrome = fetch(url).then(async (response) => {
      if (!response.ok)
        throw new Error(`admin preview: ${url} answered ${String(response.status)}`);
      return (await response.json()) as StaticQueryData;
    });
    chromes.set(lang, chrome);
  }
  return chrome;
};

for (const style of settings.styles) cms.registerPreviewStyle(style);
for (const [name, kind] of Object.entries(PREVIEW_COLLECTIONS))
  cms.registerPreviewTemplate(name, previewTemplate(kind, loadChrome));

/**
 * A JSON file of this build, loaded at the first save, once; undefined (and a warning saying
 * what is not done) when it cannot be, so that saving stays possible: the build checks again.
 */
function loadOnce<T>(url: string, without: string): () => Promise<T | undefined> {
  let loaded: Promise<T | undefined> | undefined;
  return () =>
    (loaded ??= fetch(url)
      .then(async (response) => {
        if (!response.ok) throw new Error(`${url} answered ${String(response.status)}`);
        return (await response.json()) as T;
      })
      .catch((error: unknown) => {
        console.warn(`admin: ${without}:`, error);
        loaded = undefined;
        return undefined;
      }));
}
// The paths of the site and the bodies as this build published them.
const loadOwners = loadOnce<PathOwners>(
  SITE_PATHS_URL,
  'links and paths are not checked on saving',
);
const loadDigests = loadOnce<BodyDigests>(BODY_DIGESTS_URL, '“Updated” is not set on saving');

/** Where a field of one language is in the entry Sveltia hands preSave. */
const fieldKeys = (lang: string, field: string): string[] =>
  lang === DEFAULT_LOCALE ? ['data', field] : ['i18n', lang, 'data', field];

cms.registerEventListener({
  name: 'preSave',
  handler: async ({ entry: edited }) => {
    // A path left empty is made from the title first, so that the checks see it (proposed-path.ts).
    const entry = proposedPaths(edited.toJS() as SavingEntry).reduce(
      (proposed, [lang, path]) => proposed.setIn(fieldKeys(lang, 'path'), path),
      edited,
    );
    const saving = entry.toJS() as SavingEntry;
    const problems = saveProblems(saving, await loadOwners());
    if (problems.length > 0)
      // Sveltia shows the cause's message of an error named 'saving_failed' in its "could not
      // save" dialog, and writes nothing (any other error gets a dialog without our words).
      throw new Error('saving_failed', { cause: new Error(problems.join('\n')) });
    const digests = await loadDigests();
    // crypto.subtle exists only in a secure context (https, localhost).
    const today = brusselsToday(new Date());
    const langs =
      digests && typeof crypto.subtle !== 'undefined'
        ? await languagesToDate(saving, entryIdOf(saving.path), digests, today)
        : [];
    const saved = langs.reduce(
      (dated, lang) => dated.setIn(fieldKeys(lang, 'updated'), today),
      entry,
    );
    // Sveltia saves the map it gets back as it reads it (toJS); unchanged, it keeps its own.
    return saved === edited ? undefined : saved;
  },
});
