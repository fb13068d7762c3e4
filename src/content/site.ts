// The site configuration (content/site.yaml): schema and loader.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { z } from 'zod';
import { LOCALE_IDS } from '../i18n/locales.ts';

const localeId = z.enum(LOCALE_IDS);
const perLocale = <T extends z.ZodType>(value: T) =>
  z.object({ nl: value, fr: value, de: value, en: value });

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

export const siteSchema = z.object({
  theme: z.literal('guichet'),
  defaultLocale: localeId,
  locales: z.array(localeSchema).length(LOCALE_IDS.length),
  domains: perLocale(z.url()),
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
  }),
  social: z.object({
    facebook: z.url(),
    twitter: z.url(),
    instagram: z.url(),
    linkedin: z.url(),
  }),
  analytics: z.object({ matomoUrl: z.string(), siteId: z.string() }),
});
export type SiteConfig = z.infer<typeof siteSchema>;

/**
 * Reads and validates content/site.yaml; SITE_URL, when set, becomes every language's domain,
 * MATOMO_URL and MATOMO_SITE_ID the statistics endpoint.
 */
export function loadSite(file: string, siteUrl = process.env.SITE_URL): SiteConfig {
  const result = siteSchema.safeParse(parse(readFileSync(file, 'utf8')));
  if (!result.success) throw new Error(`${file}: ${z.prettifyError(result.error)}`);
  const site = result.data;
  if (siteUrl) {
    const origin = siteUrl.replace(/\/$/, '');
    site.domains = { nl: origin, fr: origin, de: origin, en: origin };
  }
  // The statistics endpoint can come from the deployment instead of the content.
  if (process.env.MATOMO_URL) site.analytics.matomoUrl = process.env.MATOMO_URL;
  if (process.env.MATOMO_SITE_ID) site.analytics.siteId = process.env.MATOMO_SITE_ID;
  return site;
}
