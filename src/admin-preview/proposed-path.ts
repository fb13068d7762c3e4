// A page's address proposed from its title (issue 46, editor traps): an editor who leaves "Path"
// empty gets, on saving, the section's start and the title in lowercase ASCII words, in each
// language ("Journée du souvenir 2027" → /fr/actualites/journee-du-souvenir-2027). A path the
// editor typed is kept as typed; the checks on saving then treat both alike (save-checks.ts).
import { pathPrefix } from '../content/sections.ts';
import type { LocaleId } from '../i18n/locales.ts';
import { PREVIEW_COLLECTIONS, text } from './preview-data.ts';
import { savedLanguages, type SavingEntry } from './save-checks.ts';

// German spells its umlauts out in addresses (Gedenkstätte → gedenkstaette); the rest lose
// their accents (journée → journee).
const SPELLED: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/** The title as the path's last segment: lowercase ASCII words joined by hyphens. */
export function slugOf(title: string, lang: LocaleId): string {
  const lower = title.toLowerCase();
  const spelled = lang === 'de' ? lower.replace(/[äöüß]/g, (c) => SPELLED[c] ?? c) : lower;
  return spelled
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The languages of the saving entry with a title and no path, each with its proposed path. */
export function proposedPaths(entry: SavingEntry): [LocaleId, string][] {
  if (!Object.hasOwn(PREVIEW_COLLECTIONS, entry.collection)) return [];
  const kind = PREVIEW_COLLECTIONS[entry.collection as keyof typeof PREVIEW_COLLECTIONS];
  const proposed: [LocaleId, string][] = [];
  for (const [lang, fields] of savedLanguages(entry)) {
    const slug = slugOf(text(fields.title), lang);
    if (text(fields.path) !== '' || slug === '') continue;
    const prefix = pathPrefix(kind, lang);
    proposed.push([lang, kind === 'page' ? `${prefix}/${slug}` : `${prefix}${slug}`]);
  }
  return proposed;
}
