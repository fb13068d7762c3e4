// Adds a fifth locale id to LOCALE_IDS (Luxembourgish, `lb`) and checks that every per-language
// schema and list follows: the locale ids are written in one place only.
import { describe, expect, it, vi } from 'vitest';

vi.mock('../i18n/locales.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../i18n/locales.ts')>();
  const LOCALE_IDS = [...real.LOCALE_IDS, 'lb'];
  return {
    ...real,
    LOCALE_IDS,
    isLocaleId: (value: unknown) => typeof value === 'string' && LOCALE_IDS.includes(value),
  };
});

const { menusSchema } = await import('./menus.ts');
const { topicsSchema } = await import('./taxonomy.ts');
const { siteSchema } = await import('./site.ts');
const { parseItem } = await import('./items.ts');
const { formDefinitionSchema } = await import('../forms/definition.ts');

const four = { nl: 'Hulp', fr: 'Aide', de: 'Hilfe', en: 'Help' };
const five = { ...four, lb: 'Hëllef' };
const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((issue) => issue.path.join('.'));

describe('a fifth locale', () => {
  it('is required by the menus, the taxonomy, the site settings and the forms', () => {
    const menus = (label: object) => ({ main: [{ label, items: ['home'] }], footer: [] });
    expect(issuesOf(menusSchema.safeParse(menus(four)))).toEqual(['main.0.label.lb']);
    expect(menusSchema.safeParse(menus(five)).success).toBe(true);

    expect(issuesOf(topicsSchema.safeParse({ aid: four }))).toEqual(['aid.lb']);
    expect(topicsSchema.safeParse({ aid: five }).success).toBe(true);

    expect(issuesOf(siteSchema.safeParse({ siteName: four }))).toContain('siteName.lb');

    const form = (text: object) => ({
      title: text,
      submit: text,
      fields: [{ type: 'text', name: 'name', label: text }],
    });
    expect(issuesOf(formDefinitionSchema.safeParse(form(four)))).toEqual([
      'title.lb',
      'submit.lb',
      'fields.0.label.lb',
    ]);
    expect(formDefinitionSchema.safeParse(form(five)).success).toBe(true);
  });

  it('is a language of content files and of their paths', () => {
    const page = parseItem(
      'page',
      'content/pages/home.lb.md',
      '---\ntitle: Hëllef\npath: /lb\nsummary: Hëllef fir Affer.\nupdated: 2026-01-01\n---\nText.\n',
    );
    expect([page.lang, page.path, page.translationKey]).toEqual(['lb', '/lb', 'home']);
    expect(() => parseItem('page', 'content/pages/home.xx.md', '')).toThrow(
      'content/pages/home.xx.md: file name must be {translationKey}.{nl|fr|de|en|lb}.md',
    );
  });
});
