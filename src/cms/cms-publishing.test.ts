// The CMS configuration's side of publishing (issue 46): saves that wait for "Publish changes",
// and the preview links to PREVIEW_ORIGIN.
import { describe, expect, it } from 'vitest';
import { backend, config, stepIds, taxonomy } from './test-config.ts';
import { ITEM_COLLECTIONS } from './cms-collections.ts';
import { generateCmsConfig } from './cms-config.ts';

describe('the CMS configuration for publishing', () => {
  it('commits saves on GitHub with [skip ci] (automatic deployments off): "Publish changes" publishes', () => {
    expect(config.backend).toEqual({ ...backend, skip_ci: true });
    const gitlab = { name: 'gitlab', repo: 'web/site', branch: 'main' } as const;
    expect(
      generateCmsConfig({ ...taxonomy, stepByStep: stepIds, backend: gitlab }).backend,
    ).toEqual(gitlab);
  });

  it("links each page, news item, event and attack to its page on PREVIEW_ORIGIN, in the entry's language", () => {
    const origin = 'http://preview.intern:8084';
    const previewing = generateCmsConfig({
      ...taxonomy,
      stepByStep: stepIds,
      backend,
      previewOrigin: origin,
    });
    expect([previewing.site_url, previewing.show_preview_links]).toEqual([origin, true]);
    const withLinks = previewing.collections
      .filter((collection) => 'preview_path' in collection)
      .map((collection) => [
        collection.name,
        'preview_path' in collection && collection.preview_path,
      ]);
    expect(withLinks).toEqual(ITEM_COLLECTIONS.map(({ name }) => [name, '{{fields.path}}']));
    // Without a preview address no link at all: Sveltia would open the live site, where a draft
    // is not.
    expect([config.site_url, config.show_preview_links]).toEqual([undefined, false]);
    expect(config.collections.some((collection) => 'preview_path' in collection)).toBe(false);
  });
});
