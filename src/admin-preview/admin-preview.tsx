// The editor's preview bundle (dist/admin/preview.js, loaded after sveltia-cms.js): registers the
// site's stylesheets and a preview template for each Markdown collection with Sveltia CMS.
import type { ComponentType } from 'react';
import type { LocaleId } from '../i18n/locales.ts';
import type { StaticQueryData } from '../routes/page-data.ts';
import { PREVIEW_COLLECTIONS } from './preview-data.ts';
import { readPreviewSettings } from './preview-settings.ts';
import { previewTemplate, type PreviewTemplateProps } from './PreviewTemplate.tsx';

/** The part of Sveltia's `window.CMS` that the preview uses. */
interface SveltiaCms {
  registerPreviewStyle(style: string): void;
  registerPreviewTemplate(name: string, component: ComponentType<PreviewTemplateProps>): void;
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
