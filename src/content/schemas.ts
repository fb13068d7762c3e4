// zod schemas of the front matter of every content type (content/CONTENT-FORMAT.md).
import { z } from 'zod';
import { LOCALE_IDS } from '../i18n/locales.ts';
import { EVENT_RULES, type EventRuleFields } from './event-rules.ts';
import { scheduleFields } from './schedule.ts';

const path = z
  .string()
  .regex(
    new RegExp(`^/(${LOCALE_IDS.join('|')})(/[a-z0-9-]+)*$`),
    'a root-relative path of lowercase words, without trailing slash',
  );
const topics = z.array(z.string().min(1)).min(1).max(3);
const dateOrDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/, 'YYYY-MM-DD or YYYY-MM-DDTHH:MM (Brussels time)');

/**
 * Where a page's facts come from, and the day someone last checked that they still say so: a
 * source of content/taxonomy/sources.yaml by id, or a web page by its URL and title.
 */
const sourceRef = z.union([
  z.strictObject({
    id: z.string().regex(/^[a-z0-9-]+$/, 'the id of a source in content/taxonomy/sources.yaml'),
    checked: z.iso.date(),
  }),
  z.strictObject({
    url: z.url({ protocol: /^https?$/ }),
    title: z.string().min(1),
    /** The language of the page and its title, when it is not the item's own. */
    lang: z.enum(LOCALE_IDS).optional(),
    checked: z.iso.date(),
  }),
]);
const sources = z.array(sourceRef).min(1).optional();

const base = {
  title: z.string().min(1),
  path,
  summary: z.string().min(1),
  updated: z.iso.date(),
};

export const pageSchema = z.strictObject({
  ...base,
  /** Lists dated items under the body: the news and agenda pages, recognised attacks. */
  listing: z.enum(['news', 'event', 'attack']).optional(),
  /**
   * Shows the questionnaire and plan of content/step-by-step ("What applies to me?"). A boolean,
   * not `true` alone, so that the editor's checkbox can write false.
   */
  stepByStep: z.boolean().optional(),
  /** The follow-up page (issue 41): the reference and code form and the conversation. */
  followUp: z.boolean().optional(),
  /** Shows the form content/forms/{form}.yaml under the body. */
  form: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/, 'the id of a form in content/forms')
    .optional(),
  sources,
});

export const newsSchema = z.strictObject({
  ...base,
  date: z.iso.date(),
  topics,
  source: z.string().min(1),
  sources,
  ...scheduleFields,
});

export const attackSchema = z.strictObject({
  ...base,
  date: z.iso.date(),
  place: z.string().min(1),
  country: z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166 country code such as BE'),
  topics,
  /**
   * The deadline for financial aid as the body states it, word for word (the content test
   * checks): the step-by-step plan quotes it. Left out when the page says to ask the Commission.
   */
  deadline: z.string().min(1).optional(),
  sources,
});

export const eventSchema = z
  .strictObject({
    ...base,
    start: dateOrDateTime,
    end: dateOrDateTime.optional(),
    place: z.string().min(1).optional(),
    online: z
      .boolean()
      .describe('On the internet (a webinar, a stream); give its link below when you have it')
      .optional(),
    onlineLink: z
      .url({ protocol: /^https$/ })
      .describe('The address to join the online event (https://…), when it is known')
      .optional(),
    topics,
    ...scheduleFields,
  })
  .check(
    ...EVENT_RULES.map(({ field, message, holds }) =>
      z.refine<EventRuleFields>(holds, { message, path: [field] }),
    ),
  );

export type SourceRef = z.infer<typeof sourceRef>;
export type PageFront = z.infer<typeof pageSchema>;
export type NewsFront = z.infer<typeof newsSchema>;
export type AttackFront = z.infer<typeof attackSchema>;
export type EventFront = z.infer<typeof eventSchema>;
