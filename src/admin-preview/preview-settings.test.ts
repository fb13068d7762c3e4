// The preview bundle's settings travel as data attributes of its script tag: written by the
// build, read back by the bundle, and refused with a message naming the attribute when wrong.
import { describe, expect, it } from 'vitest';
import { previewScriptTag, readPreviewSettings, type PreviewSettings } from './preview-settings.ts';

const SETTINGS: PreviewSettings = {
  styles: ['/assets/entry-client-a.css'],
  chrome: {
    nl: '/page-data/sq/d/1.json',
    fr: '/page-data/sq/d/2.json',
    de: '/page-data/sq/d/3.json',
    en: '/page-data/sq/d/4.json',
  },
};

describe('previewScriptTag', () => {
  it('writes the settings as escaped JSON attributes', () => {
    expect(previewScriptTag('/admin/preview.js', { ...SETTINGS, styles: [] })).toBe(
      '<script src="/admin/preview.js" data-styles="[]" data-chrome="{&quot;nl&quot;:&quot;/page-data/sq/d/1.json&quot;,&quot;fr&quot;:&quot;/page-data/sq/d/2.json&quot;,&quot;de&quot;:&quot;/page-data/sq/d/3.json&quot;,&quot;en&quot;:&quot;/page-data/sq/d/4.json&quot;}"></script>',
    );
  });
});

describe('readPreviewSettings', () => {
  it('reads back what the tag holds', () => {
    expect(
      readPreviewSettings({
        styles: JSON.stringify(SETTINGS.styles),
        chrome: JSON.stringify(SETTINGS.chrome),
      }),
    ).toEqual(SETTINGS);
  });

  it('refuses what is not JSON, another origin, or a missing language', () => {
    const chrome = JSON.stringify(SETTINGS.chrome);
    expect(() => readPreviewSettings({ chrome })).toThrow('admin preview: data-styles is not JSON');
    expect(() =>
      readPreviewSettings({ styles: '["https://cdn.example/site.css"]', chrome }),
    ).toThrow('admin preview: data-styles must list paths of this site');
    expect(() =>
      readPreviewSettings({ styles: '[]', chrome: JSON.stringify({ nl: '/a.json' }) }),
    ).toThrow('admin preview: data-chrome must name a path for nl, fr, de, en');
  });
});
