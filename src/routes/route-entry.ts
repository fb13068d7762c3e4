// What the route table is made of: one entry per URL, and the chrome of each language.
import type { LocaleId } from '../i18n/locales.ts';
import type { PageContext, StaticQueryData, TemplateData } from './page-data.ts';
import type { SearchIndexPart } from './search-index-parts.ts';

export interface RouteEntry {
  path: string;
  matchPath?: string;
  pageContext: PageContext;
  data: TemplateData;
}

export interface RouteTable {
  routes: RouteEntry[];
  /** Chrome data per language, written once as a static query and shared by its pages. */
  chrome: Record<LocaleId, StaticQueryData>;
  /** Each language's parts of the search index, as its search page names them. */
  searchIndexParts: Map<LocaleId, SearchIndexPart[]>;
}
