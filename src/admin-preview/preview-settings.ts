// What the editor's page tells the preview bundle (docs/editing.md, "The preview"): the site's
// stylesheets and each language's chrome data, whose names carry hashes only the build knows.
import { escapeHtml } from '../content/escape-html.ts';
import { LOCALE_IDS, type LocaleId } from '../i18n/locales.ts';

export interface PreviewSettings {
  /** The public pages' stylesheets (/assets/…css), registered with CMS.registerPreviewStyle. */
  styles: string[];
  /** Each language's chrome data (/page-data/sq/d/….json): the texts and dates of the headings. */
  chrome: Record<LocaleId, string>;
}

/** The preview bundle's <script> tag, after Sveltia's: the settings are its data attributes. */
export function previewScriptTag(src: string, settings: PreviewSettings): string {
  const attribute = (value: unknown) => escapeHtml(JSON.stringify(value));
  return `<script src="${src}" data-styles="${attribute(settings.styles)}" data-chrome="${attribute(settings.chrome)}"></script>`;
}

const isSiteUrl = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//');

/** Reads the settings back from the script's data attributes; errors name the attribute. */
export function readPreviewSettings(dataset: Partial<Record<string, string>>): PreviewSettings {
  const parsed = (name: 'styles' | 'chrome'): unknown => {
    try {
      return JSON.parse(dataset[name] ?? '');
    } catch {
      throw new Error(`admin preview: data-${name} is not JSON`);
    }
  };
  const styles = parsed('styles');
  if (!Array.isArray(styles) || !styles.every(isSiteUrl))
    throw new Error('admin preview: data-styles must list paths of this site');
  const chrome = parsed('chrome');
  if (
    typeof chrome !== 'object' ||
    chrome === null ||
    !LOCALE_IDS.every((id) => isSiteUrl((chrome as Record<string, unknown>)[id]))
  )
    throw new Error(`admin preview: data-chrome must name a path for ${LOCALE_IDS.join(', ')}`);
  return { styles, chrome: chrome as Record<LocaleId, string> };
}
