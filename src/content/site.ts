// The site configuration (content/site.yaml): schema and loader.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { z } from 'zod';
import { readEnvironment } from '../config/environment.ts';
import { LOCALE_IDS, type LocaleId } from '../i18n/locales.ts';
import { everyLocale, perLocale } from '../i18n/per-locale.ts';
import { typesetTexts } from '../i18n/typography.ts';

const localeId = z.enum(LOCALE_IDS);

export const localeSchema = z.object({
  id: localeId,
  name: z.string().min(1),
  transName: z.string().min(1),
  iso: z.string().min(1),
  path: z.string().regex(/^\/[a-z]{2}$/),
  flag: z.string().min(1),
  hreflang: z.string().min(2),
});
export type Locale = z.infer<typeof localeSchema>;

/** The page of an account on one network: an https URL on its host, not the home page. */
const account = (hosts: string[]) =>
  z.url({ protocol: /^https$/ }).refine(
    (value) => {
      const url = new URL(value);
      return hosts.includes(url.hostname) && url.pathname.replace(/\/+$/, '') !== '';
    },
    { error: `the page of the site's account on ${hosts[0] ?? ''}, not the network's home page` },
  );

export const siteSchema = z.object({
  theme: z.literal('guichet'),
  locales: z.array(localeSchema).length(LOCALE_IDS.length),
  // Optional here: SITE_URL can give it instead (see loadSite).
  domains: perLocale(z.url({ protocol: /^https?$/ })).optional(),
  siteName: perLocale(z.string().min(1)),
  administrationName: perLocale(z.string().min(1)),
  contact: z.object({
    name: perLocale(z.string().min(1)),
    email: z.email(),
    phones: z
      .array(
        z.object({
          number: z.string().min(1),
          international: z.string().regex(/^\+\d{8,15}$/),
          languages: z.array(localeId).min(1),
        }),
      )
      .min(1),
    emergency: z.string().regex(/^\d{3}$/),
    page: z.string().min(1),
    // When the desk answers, as the confirmation says it after "The central desk will answer".
    answerTime: perLocale(z.string().min(1)),
    followUpPage: z.string().min(1),
  }),
  // Only the site's own accounts; a network without one is left out (and not shown).
  social: z
    .object({
      facebook: account(['www.facebook.com', 'facebook.com']).optional(),
      twitter: account(['x.com', 'twitter.com']).optional(),
      instagram: account(['www.instagram.com', 'instagram.com']).optional(),
      linkedin: account(['www.linkedin.com', 'linkedin.com']).optional(),
    })
    .strict()
    .default({}),
  // "Leave this site" (issue 43): the neutral site the button and Shift three times open in place
  // of this one, and the translationKey of the page that explains them ("Staying safe online").
  // https only, and another site: a reader fleeing must not land on a warning or on this site.
  leaveSite: z
    .object({
      url: z.url({ protocol: /^https$/, error: 'an https:// address of a neutral site' }),
      page: z.string().min(1),
    })
    .default({ url: 'https://www.meteo.be/', page: 'staying-safe' }),
  // Who is told when a publication is refused (issue 46: the publisher's gates keep the live
  // site and e-mail this address the reasons): the web team's mailbox, never the desk's public
  // one. Unset: the refusal is only recorded (`npm run release -- list` shows it).
  publishing: z
    .object({
      notify: z
        .email()
        .describe(
          "The web team's e-mail address, told when a publication is refused (the site keeps the version before)",
        )
        .optional(),
    })
    .default({}),
  // The desk's answer period: the back office's inbox calls older open cases overdue.
  deskAnswerDays: z.number().int().min(1).max(60).default(5),
  // Empty until the statistics are set up (MATOMO_URL and MATOMO_SITE_ID win over them); the
  // editor leaves empty fields, and an object of only empty fields, out of the file.
  analytics: z
    .object({ matomoUrl: z.string().default(''), siteId: z.string().default('') })
    .default({ matomoUrl: '', siteId: '' }),
});
/** The site's accounts on social networks, by network; absent when it has none there. */
export type SocialAccounts = z.infer<typeof siteSchema>['social'];

/** The site configuration, with the origin of each language settled. */
export type SiteConfig = Omit<z.infer<typeof siteSchema>, 'domains'> & {
  domains: Record<LocaleId, string>;
};

/** Where the site's address comes from, besides `domains` in content/site.yaml. */
export interface SiteAddress {
  /** SITE_URL: the origin of every language; wins over `domains`. */
  siteUrl?: string | undefined;
  /** A local preview's origin (npm start, npm run dev): used when nothing else gives one. */
  localPreview?: string | undefined;
}

/**
 * The address given when only the content's text is read (content tests, `npm run
 * content:check`): links are not written, so any origin does; this is the local preview's.
 */
export const TEXT_ONLY_ADDRESS: SiteAddress = { localPreview: 'http://localhost:8080' };

const siteUrlSchema = z.url({ protocol: /^https?$/, error: 'SITE_URL must be an http(s) URL' });

/**
 * Reads and validates content/site.yaml. The origin of each language is SITE_URL, else
 * `domains`, else a local preview's; a build for deployment without any throws, naming both
 * settings, so that no local address ships in canonical links, the sitemap or the feeds.
 * MATOMO_URL and MATOMO_SITE_ID, when set, give the statistics endpoint.
 */
export function loadSite(file: string, address: SiteAddress = {}): SiteConfig {
  const result = siteSchema.safeParse(parse(readFileSync(file, 'utf8')));
  if (!result.success) throw new Error(`${file}: ${z.prettifyError(result.error)}`);
  const origin = address.siteUrl ?? (result.data.domains ? undefined : address.localPreview);
  if (origin !== undefined) {
    const parsed = siteUrlSchema.safeParse(origin);
    if (!parsed.success) throw new Error(`${z.prettifyError(parsed.error)}: "${origin}"`);
  }
  const domains = origin ? everyLocale(origin.replace(/\/$/, '')) : result.data.domains;
  if (!domains) {
    throw new Error(
      `The site's address is not set: give SITE_URL (for example SITE_URL=https://victims.example.be npm run build) or \`domains\` in ${file}. ` +
        'It goes into canonical links, hreflang, sitemap.xml, robots.txt, the feeds and the calendars. ' +
        'For a local preview, run npm start.',
    );
  }
  const { siteName, administrationName, contact } = result.data;
  const site: SiteConfig = {
    ...result.data,
    domains,
    // What readers see, in each language's typography (the chrome keeps phone numbers whole).
    siteName: typesetTexts(siteName),
    administrationName: typesetTexts(administrationName),
    contact: { ...contact, name: typesetTexts(contact.name) },
  };
  // The statistics endpoint can come from the deployment instead of the content.
  const env = readEnvironment();
  if (env.MATOMO_URL) site.analytics.matomoUrl = env.MATOMO_URL;
  if (env.MATOMO_SITE_ID) site.analytics.siteId = env.MATOMO_SITE_ID;
  return site;
}
