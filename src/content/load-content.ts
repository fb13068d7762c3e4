// Loads everything under content/ into one validated model.
import { join } from 'node:path';
import { loadMenus, type MenusConfig } from './menus.ts';
import { loadPages, type ContentPage } from './pages.ts';
import { loadSite, type SiteConfig } from './site.ts';

export interface SiteContent {
  site: SiteConfig;
  menus: MenusConfig;
  pages: ContentPage[];
}

/** Loads and validates the content directory; throws with the file and field on bad input. */
export function loadContent(root: string): SiteContent {
  return {
    site: loadSite(join(root, 'site.yaml')),
    menus: loadMenus(join(root, 'menus.yaml')),
    pages: loadPages(join(root, 'pages')),
  };
}
