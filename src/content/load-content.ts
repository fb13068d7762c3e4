// Loads everything under content/ into one validated model.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { LOCALE_IDS, type LocaleId } from '../i18n/locales.ts';
import type { FormDefinition } from '../forms/definition.ts';
import { deskReferences } from './desk-references.ts';
import { loadForms } from './forms.ts';
import {
  ITEM_FOLDERS,
  loadItems,
  type AttackItem,
  type ItemCache,
  type ItemKind,
  type EventItem,
  type NewsItem,
  type PageItem,
} from './items.ts';
import type { MediaLibrary } from './media.ts';
import { loadMenus, type MenusConfig } from './menus.ts';
import { isOnline } from './schedule.ts';
import { loadSearchWords, SEARCH_WORDS_DIR, type SearchWordsContent } from './search-words.ts';
import { loadSite, type SiteAddress, type SiteConfig } from './site.ts';
import { loadStepByStep, type StepByStepContent } from './step-by-step.ts';
import { loadTaxonomy, type Sources, type Topics } from './taxonomy.ts';

export interface SiteContent {
  site: SiteConfig;
  menus: MenusConfig;
  pages: PageItem[];
  news: NewsItem[];
  attacks: AttackItem[];
  events: EventItem[];
  topics: Topics;
  sources: Sources;
  /** Form definitions (content/forms) by id. */
  forms: Record<string, FormDefinition>;
  /** "What applies to me?": its steps and their words (content/step-by-step). */
  stepByStep: StepByStepContent | undefined;
  /** The search words of each language (content/search); absent, a search uses none. */
  searchWords: Record<LocaleId, SearchWordsContent> | undefined;
  /** translationKeys that deliberately exist in only some languages. */
  translationExceptions: Record<string, string[]>;
}

const exceptionsSchema = z.record(z.string(), z.array(z.enum(LOCALE_IDS)).min(1));

/**
 * Loads and validates the content directory; throws with the file and field on bad input, and
 * when the site's address is not set (see loadSite). `itemCache` keeps parsed pages, news,
 * attacks and events between builds; `media`, the build's images, sizes the images of their
 * bodies (and refuses one that is not in it). News and events outside their `publishAt` /
 * `unpublishAt` window at `now` (ms; the clock by default) are left out (schedule.ts).
 */
export function loadContent(
  root: string,
  address: SiteAddress = {},
  itemCache?: ItemCache,
  media?: MediaLibrary,
  now: number = Date.now(),
): SiteContent {
  const exceptionsFile = join(root, 'translation-exceptions.yaml');
  const exceptions = exceptionsSchema.safeParse(parse(readFileSync(exceptionsFile, 'utf8')) ?? {});
  if (!exceptions.success)
    throw new Error(`${exceptionsFile}: ${z.prettifyError(exceptions.error)}`);
  const site = loadSite(join(root, 'site.yaml'), address);
  const references = deskReferences(site.contact);
  const items = <K extends ItemKind>(kind: K) =>
    loadItems(kind, join(root, ITEM_FOLDERS[kind]), itemCache, media, references);
  return {
    site,
    menus: loadMenus(join(root, 'menus.yaml')),
    pages: items('page'),
    news: items('news').filter((item) => isOnline(item, now)),
    attacks: items('attack'),
    events: items('event').filter((item) => isOnline(item, now)),
    ...loadTaxonomy(join(root, 'taxonomy')),
    forms: loadForms(join(root, 'forms')),
    stepByStep: loadStepByStep(join(root, 'step-by-step')),
    searchWords: loadSearchWords(join(root, SEARCH_WORDS_DIR)),
    translationExceptions: exceptions.data,
  };
}
