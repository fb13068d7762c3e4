// Which content file each path of the site belongs to, for the editor (dist/admin/site-paths.json):
// it refuses a link to no page and a path that another entry already has, as the build does.
import type { SiteContent } from '../content/load-content.ts';
import type { RouteEntry } from './route-entry.ts';
import { ADMIN_PATH } from './url-rules.ts';

/** Where the build writes the owners of the site's paths, and the editor reads them. */
export const SITE_PATHS_URL = `${ADMIN_PATH}/site-paths.json`;

/**
 * Every path of the site, by the entry that writes it as `{folder}/{translationKey}`
 * ("pages/contacts", "news/remembrance-day-2027"), or '' for a page the site makes itself (the
 * splash, search, a listing's further pages).
 */
export type PathOwners = Record<string, string>;

/** The entry id of a content file: its folder and its translationKey (content/pages/x.en.md → pages/x). */
export function entryIdOf(file: string): string {
  const [folder = '', name = ''] = file.split('/').slice(-2);
  return `${folder}/${name.replace(/\.[a-z]{2}\.md$/, '')}`;
}

/** The owners of the route table's paths. */
export function pathOwners(content: SiteContent, routes: readonly RouteEntry[]): PathOwners {
  const owners: PathOwners = Object.fromEntries(routes.map((route) => [route.path, '']));
  for (const item of [...content.pages, ...content.news, ...content.attacks, ...content.events])
    owners[item.path] = entryIdOf(item.file);
  return owners;
}
