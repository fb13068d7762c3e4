// The editor's preview bundle (dist/admin/preview.js, loaded after sveltia-cms.js): registers the
// site's stylesheets, a preview template for each Markdown collection and the checks on saving
// (save-checks.ts) with Sveltia CMS.
import type { ComponentType } from 'react';
import type { LocaleId } from '../i18n/locales.ts';
import type { StaticQueryData } from '../routes/page-data.ts';
import { SITE_PATHS_URL, type PathOwners } from '../routes/site-paths.ts';
import { PREVIEW_COLLECTIONS } from './preview-data.ts';
import { readPreviewSettings } from './preview-settings.ts';
import { saveProblems, type SavingEntry } from './save-checks.ts';
import { previewTemplate, type PreviewTemplateProps } from './PreviewTemplate.tsx';

/** The part of Sveltia's `window.CMS` that the preview uses. */
interface SveltiaCms {
  registerPreviewStyle(style: string): void;
  registerPreviewTemplate(name: string, component: ComponentType<PreviewTemplateProps>): void;
  registerEventListener(listener: {
    name: 'preSave';
    handler: (event: { entry: { toJS(): unknown } }) => Promise<void>;
  }): void;
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

// Loaded at the first save, once: the paths of the site as this build published them.
let owners: Promise<PathOwners | undefined> | undefined;
const loadOwners = (): Promise<PathOwners | undefined> =>
  (owners ??= fetch(SITE_PATHS_URL)
    .then(async (response) => {
      if (!response.ok) throw new Error(`${SITE_PATHS_URL} answered ${String(response.status)}`);
      return (await response.json()) as PathOwners;
    })
    .catch((error: unknown) => {
      // Saving stays possible: the build checks links and paths again on the pull request.
      console.warn('admin: links and paths are not checked on saving:', error);
      owners = undefined;
      return undefined;
    }));

cms.registerEventListener({
  name: 'preSave',
  handler: async ({ entry }) => {
    const problems = saveProblems(entry.toJS() as SavingEntry, await loadOwners());
    if (problems.length === 0) return;
    // Sveltia shows the cause's message of an error named 'saving_failed' in its "could not save"
    // dialog, and writes nothing (any other error gets a dialog without our words).
    throw new Error('saving_failed', { cause: new Error(problems.join('\n')) });
  },
});
