// The page-data protocol shared by the build (writer) and the runtime (reader):
// docs/ARCHITECTURE.md "Page-data protocol". Field names follow the spec (componentChunkName…).
import type { Locale, SocialAccounts } from '../content/site.ts';
import type { TocEntry } from '../content/markdown.ts';
import type { LocaleId } from '../i18n/locales.ts';
import type { CompiledMessages } from '../i18n/translate.ts';
import type { LocalForm } from '../forms/local-form.ts';
import type { Need, Place, Role, StepByStepUiTexts } from '../content/step-by-step.ts';
import type { ConsentTexts } from './consent-texts.ts';

export const TEMPLATES = {
  splash: 'component---src-templates-splash-tsx',
  page: 'component---src-templates-page-tsx',
  notFound: 'component---src-templates-not-found-tsx',
  search: 'component---src-templates-search-tsx',
  news: 'component---src-templates-news-tsx',
  newsfeed: 'component---src-templates-newsfeed-tsx',
} as const;
export type TemplateName = keyof typeof TEMPLATES;
export type ChunkName = (typeof TEMPLATES)[TemplateName];

const chunkNames: readonly string[] = Object.values(TEMPLATES);

/** True when `name` is one of the six template chunk names. */
export function isChunkName(name: unknown): name is ChunkName {
  return typeof name === 'string' && chunkNames.includes(name);
}

export interface LangSlug {
  language: LocaleId;
  path: string;
}

export interface PageContext {
  language: LocaleId;
  /** The same page in every language it exists in, this one included. */
  langSlugs: LangSlug[];
  frontpage: boolean;
  domains: Record<LocaleId, string>;
}

/** The page's own path in its language (what the language switch links to from the others). */
export const pathOfPage = ({ language, langSlugs }: PageContext): string =>
  langSlugs.find((slug) => slug.language === language)?.path ?? `/${language}`;

export interface MenuLink {
  title: string;
  path: string;
  summary: string;
}
export interface MenuGroup {
  label: string;
  items: MenuLink[];
}

/** A source of a page's facts, as readers see it under "Sources". */
export interface SourceLink {
  title: string;
  url: string;
  /** The language of the linked page and its title, when it differs from the page's. */
  lang?: LocaleId;
  /** The day it was last checked, YYYY-MM-DD. */
  checked: string;
}

export interface ContentPageData {
  title: string;
  summary: string;
  updated: string;
  html: string;
  toc: TocEntry[];
  /** Where the page's facts come from (front matter `sources`); absent when it lists none. */
  sources?: SourceLink[];
}

export type DatedKind = 'news' | 'attack' | 'event';

/** A topic or a source: its id (filters, URL query) and its name in the page's language. */
export interface TermRef {
  id: string;
  label: string;
}

/** A dated item as a list shows it: the news list, the agenda, the recognised attacks. */
export interface ListingItem {
  kind: DatedKind;
  title: string;
  path: string;
  summary: string;
  /** Publication date (news), date of the attack, or start of the event: YYYY-MM-DD[THH:MM]. */
  date: string;
  end?: string;
  place?: string;
  online: boolean;
  topics: TermRef[];
  /** The source of a news item. */
  source?: TermRef;
}

/** What the news list and the agenda need besides their items. */
export interface ListingInfo {
  kind: 'news' | 'event';
  /** The list's own path: page 1, the target of the filter form. */
  basePath: string;
  /** The number of this prerendered page of the unfiltered list (1 for the list itself). */
  pageNumber: number;
  /** The path of every prerendered page of the unfiltered list, page 1 first. */
  pagePaths: string[];
  pageSize: number;
  /** The topics (and, for news, sources) that occur in the list, as filter options. */
  topics: TermRef[];
  sources: TermRef[];
  /** The Brussels date of the build: what the prerendered agenda counts as upcoming. */
  builtOn: string;
  /** The language's feed: RSS for news, iCalendar for the agenda. */
  feedPath: string;
}

/** News items and events a home page shows. */
export const HOME_ITEM_COUNT = 3;

/** A language's list page (the news list, the agenda) and the items its home page shows. */
export interface HomeListing {
  title: string;
  path: string;
  items: ListingItem[];
}

/** What a language's home page shows besides its guides: the latest news, the next events. */
export interface HomeUpdates {
  /** The newest news items, newest first. */
  news: HomeListing;
  /**
   * The events not over on the build day, by start: a few more than the page shows, so that it
   * still shows as many when some have ended between the build and the visit.
   */
  events: HomeListing;
  /** The Brussels date of the build: what the prerendered home page counts as upcoming. */
  builtOn: string;
}

/** Another dated item linked from an article: previous, next, related. */
export interface ArticleLink {
  title: string;
  path: string;
  date: string;
  summary: string;
}

/** A news article, a recognised attack or an event, as its own page shows it. */
export interface ArticleData extends ContentPageData {
  kind: DatedKind;
  date: string;
  end?: string;
  place?: string;
  /** An online event: true, or the URL to join. */
  online?: true | string;
  topics: TermRef[];
  source?: { name: string; url: string };
  /** The item of the same kind and language just before and after it by date. */
  previous?: ArticleLink;
  next?: ArticleLink;
  /** Up to three items of the same kind and language, those sharing most topics first. */
  related: ArticleLink[];
  /** An event's iCalendar file. */
  calendarPath?: string;
  /** schema.org JSON-LD (NewsArticle, Article or Event). */
  structuredData: Record<string, unknown>;
}

/** A contact of a step, with the numbers and addresses of the contacts page. */
export interface PlanContact {
  id: string;
  name: string;
  phones: string[];
  email?: string;
  links: { href: string; label: string }[];
}

/** One step of "What applies to me?", in the page's language, with whom it is for. */
export interface PlanStep {
  id: string;
  stage: string;
  /** Who it is for; absent: everyone. */
  for?: Role[];
  /** Where the attack happened; absent: anywhere. */
  where?: Place[];
  needs: Need[];
  /** Done together with ("and") or instead of ("or") the step before. */
  join?: 'and' | 'or';
  title: string;
  tasks: string[];
  bring?: string[];
  /** Its guide. */
  guide: { title: string; path: string };
  /** The reader's attack's page replaces the guide (the list of recognised attacks). */
  attackGuide?: true;
  contacts: PlanContact[];
  /** Says the deadline: the chosen attack's, quoted from its page, and whom to ask. */
  deadline: boolean;
}

/** A recognised attack as the questionnaire offers it. */
export interface PlanAttack {
  key: string;
  title: string;
  path: string;
  place: Place;
  /** The deadline for financial aid, word for word from the attack's page; absent: none stated. */
  deadline?: string;
}

/** The questionnaire and every step of "What applies to me?" (front matter `stepByStep`). */
export interface StepByStepData {
  ui: StepByStepUiTexts;
  stages: { id: string; title: string }[];
  steps: PlanStep[];
  attacks: PlanAttack[];
  askDeadline: string;
}

/** The id of a form's title on its page: where the links to the form lead ("Write to us"). */
export const formTitleId = (formId: string): string => `${formId}-title`;

/** A guide's place in "What applies to me?": the questionnaire's page and its step numbers. */
export interface PlanPartOf {
  title: string;
  path: string;
  /** How many steps (for the plural). */
  count: number;
  /** Their numbers in the list of every step, as the page's language writes a list ("1, 3 and 5"). */
  steps: string;
}

export interface SplashChoice {
  language: LocaleId;
  transName: string;
  siteName: string;
  intro: string;
  button: string;
  path: string;
}

interface Titled {
  title: string;
  description: string;
  /** Where the page sits in the site (its menu group, or News, Agenda…): search results show it. */
  section?: string;
  /** The listing page an item or a later list page sits under: the breadcrumb before the title. */
  parent?: { title: string; path: string };
  /** Kept out of search engines, the sitemap and the site search (offline, search pages). */
  noindex?: true;
}
/** Template data: every template has a title (document title, announcer fallback). */
export type TemplateData =
  | (Titled & {
      template: 'page';
      page: ContentPageData;
      listing?: ListingItem[];
      /** A form under the body (front matter `form`), in the page's language. */
      form?: LocalForm;
      /** "What applies to me?" under the body (front matter `stepByStep`). */
      stepByStep?: StepByStepData;
      /** The follow-up page's part (front matter `followUp`): the reply form in its language. */
      followUp?: LocalForm;
      /** The steps of "What applies to me?" this guide explains (GOV.UK's "Part of"). */
      partOf?: PlanPartOf;
      /** The home page's latest news and next events. */
      home?: HomeUpdates;
    })
  | (Titled & {
      template: 'splash';
      choices: SplashChoice[];
      /** The cookie banner's words in every language, when the site has optional cookies. */
      consent?: Record<LocaleId, ConsentTexts>;
    })
  | (Titled & { template: 'notFound' })
  | (Titled & {
      template: 'search';
      /** The parts of the language's search index, merged by a search (search-index-parts.ts). */
      searchIndexes: string[];
      /** The language's search words (content/search/{lang}.yaml). */
      words: SearchWords;
      /** Pages offered when a search finds little: "What applies to me?" and the contacts. */
      help: SearchHelpLink[];
    })
  | (Titled & { template: 'news'; article: ArticleData })
  | (Titled & {
      template: 'newsfeed';
      page: ContentPageData;
      listing: ListingItem[];
      listingInfo: ListingInfo;
    });

/** A language's search words as the site search uses them (src/runtime/search/query-plan.ts). */
export interface SearchWords {
  /** Common words, folded (lower case, no accents): left out unless the query has nothing else. */
  common: string[];
  /** Groups of words or phrases that mean the same; a query with one also finds the others. */
  alternatives: string[][];
}

/** A page the search page offers when a search finds little. */
export interface SearchHelpLink {
  path: string;
  title: string;
}

/** The props every template receives. */
export interface TemplateProps<N extends TemplateName> {
  data: Extract<TemplateData, { template: N }>;
  pageContext: PageContext;
}

export interface PageData {
  componentChunkName: ChunkName;
  path: string;
  matchPath?: string;
  result: { pageContext: PageContext; data: TemplateData };
  staticQueryHashes: string[];
}

export interface AppData {
  webpackCompilationHash: string;
}

/** Data shared by every page of one language: chrome texts, menus, locales table. */
export interface StaticQueryData {
  language: LocaleId;
  siteName: string;
  administrationName: string;
  /** The year of the build, for the copyright line. */
  year: number;
  locales: Locale[];
  messages: CompiledMessages;
  menus: { main: MenuGroup[]; footer: MenuLink[] };
  /** The site's own accounts; a network without one is absent. */
  social: SocialAccounts;
  /** The contact strip: the central desk's first contact, phone languages already named. */
  contact: ContactDetails;
  /** "Leave this site": the neutral site it opens, and the page that explains it. */
  leaveSite: { url: string; safety: MenuLink };
  /** The statistics endpoint (matomoUrl ends with "/"); null or absent when off. */
  analytics?: { matomoUrl: string; siteId: string } | null;
}

export interface ContactDetails {
  name: string;
  email: string;
  phones: { number: string; international: string; languages: string }[];
  emergency: string;
  /** The contacts page of the language. */
  path: string;
  /** When the desk answers ("as soon as possible, …"), for a form's confirmation. */
  answerTime: string;
  /** The follow-up page of the language. */
  followUpPath: string;
}

/** The page-data URL of a normalised path: `index` stands for `/`. */
export function pageDataUrl(path: string): string {
  const page = path === '/' ? 'index' : path.replace(/^\/|\/$/g, '');
  return `/page-data/${page}/page-data.json`;
}

export const APP_DATA_URL = '/page-data/app-data.json';

/** The URL of a static-query result. */
export function staticQueryUrl(hash: string): string {
  return `/page-data/sq/d/${hash}.json`;
}

/**
 * Prerendered not-found pages show this text where the requested path goes; the server
 * replaces it with the real path when it serves the page.
 */
export const REQUESTED_PATH_MARKER = '/__guichet_requested_path__';
