// "What applies to me?" (content/step-by-step/): the steps of the personal plan with whom each is
// for (steps.yaml), and their words in each language (steps.{lang}.yaml). Errors name the file
// and the field; links to pages and attacks are checked when the route table is built.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { LOCALE_IDS, type LocaleId } from '../i18n/locales.ts';
import { perLocale } from '../i18n/per-locale.ts';
import { typesetTexts } from '../i18n/typography.ts';

/** Who the reader is to the attack ("What happened to you?"). */
export const ROLES = ['injured', 'bereaved', 'relative-injured', 'present', 'helper'] as const;
export type Role = (typeof ROLES)[number];
/** Where the attack happened. */
export const PLACES = ['belgium', 'abroad'] as const;
export type Place = (typeof PLACES)[number];
/** What the reader needs now (optional answers that mark the steps that give it). */
export const NEEDS = ['money', 'health', 'talk', 'legal', 'information', 'peers'] as const;
export type Need = (typeof NEEDS)[number];

const id = z.string().regex(/^[a-z0-9-]+$/, 'lowercase words joined by hyphens');

const webAddress = z.url({ protocol: /^https?$/ });
const contactSchema = z
  .strictObject({
    phones: z.array(z.string().regex(/^[0-9 ]+$/, 'a phone number of digits and spaces')).min(1),
    email: z.email(),
    /** One address, or one per language (a service with a site in each language). */
    url: z.union([webAddress, perLocale(webAddress, { strict: true })]),
    urls: z.array(webAddress).min(1),
  })
  .partial()
  .refine((contact) => Object.keys(contact).length > 0, {
    message: 'a contact needs phones, an email, a url or urls',
  });
export type StepContact = z.infer<typeof contactSchema>;

const stepSchema = z.strictObject({
  id,
  stage: id,
  for: z.array(z.enum(ROLES)).min(1).optional(),
  where: z.array(z.enum(PLACES)).min(1).optional(),
  needs: z.array(z.enum(NEEDS)).default([]),
  /** A translationKey of content/pages, or "attack": the page of the attack the reader chose. */
  page: id,
  contacts: z.array(id).default([]),
  join: z.enum(['and', 'or']).optional(),
  deadline: z.literal(true).optional(),
});
export type Step = z.infer<typeof stepSchema>;

export const stepsSchema = z.strictObject({
  stages: z.array(id).min(1),
  contacts: z.record(id, contactSchema),
  steps: z.array(stepSchema).min(1),
});

const sentence = z.string().min(1);
/** A text for each of `values`, and no other. */
const textsFor = <T extends string>(values: readonly T[]) =>
  z.strictObject(
    Object.fromEntries(values.map((value) => [value, sentence])) as Record<T, typeof sentence>,
  );
const question = z.strictObject({ title: sentence, hint: sentence.optional() });
const choiceQuestion = <T extends string>(options: readonly T[]) =>
  question.extend({ options: textsFor(options) });

/** The questionnaire's and the plan's own words (buttons, headings, notes). */
const uiTextsSchema = z.strictObject({
  start: sentence,
  next: sentence,
  back: sentence,
  showPlan: sentence,
  change: sentence,
  unsure: sentence,
  /** "Question {number} of {total}" */
  progress: sentence.includes('{number}').includes('{total}'),
  where: choiceQuestion(PLACES),
  attack: question.extend({ other: sentence }),
  role: choiceQuestion(ROLES),
  need: choiceQuestion(NEEDS),
  planTitle: sentence,
  planIntro: sentence,
  allTitle: sentence,
  allIntro: sentence,
  forLabel: sentence,
  /** Whom a step is for, as the page without JavaScript labels it. */
  forRoles: textsFor(ROLES),
  everyone: sentence,
  onlyAbroad: sentence,
  contacts: sentence,
  bring: sentence,
  deadline: sentence,
  guide: sentence,
  needed: sentence,
  and: sentence,
  or: sentence,
  print: sentence,
  share: sentence,
  shareNote: sentence,
  copied: sentence,
});
export type StepByStepUiTexts = z.infer<typeof uiTextsSchema>;

export const stepTextsSchema = z.strictObject({
  ui: uiTextsSchema,
  stages: z.record(id, sentence),
  askDeadline: sentence,
  contacts: z.record(id, sentence),
  steps: z.record(
    id,
    z.strictObject({
      title: sentence,
      tasks: z.array(sentence).min(1),
      bring: z.array(sentence).min(1).optional(),
    }),
  ),
});
export type StepTexts = z.infer<typeof stepTextsSchema>;

export interface StepByStepContent {
  stages: string[];
  contacts: Record<string, StepContact>;
  steps: Step[];
  texts: Record<LocaleId, StepTexts>;
  /** The files, for error messages. */
  files: { steps: string; texts: Record<LocaleId, string> };
}

const read = <T>(file: string, schema: z.ZodType<T>): T => {
  if (!existsSync(file)) throw new Error(`${file}: missing`);
  const result = schema.safeParse(parse(readFileSync(file, 'utf8')));
  if (!result.success) throw new Error(`${file}: ${z.prettifyError(result.error)}`);
  return result.data;
};

/** The names that `texts` must have for `section`, and no others: both ways, by file and field. */
function sameKeys(file: string, section: string, expected: string[], found: object): void {
  const keys = Object.keys(found);
  const missing = expected.filter((key) => !keys.includes(key));
  const extra = keys.filter((key) => !expected.includes(key));
  if (missing.length) throw new Error(`${file}: ${section}: no text for ${missing.join(', ')}`);
  if (extra.length) throw new Error(`${file}: ${section}: ${extra.join(', ')} not in steps.yaml`);
}

/** Loads and cross-checks content/step-by-step; none when the folder does not exist. */
export function loadStepByStep(dir: string): StepByStepContent | undefined {
  if (!existsSync(dir)) return undefined;
  const stepsFile = join(dir, 'steps.yaml');
  const structure = read(stepsFile, stepsSchema);
  const seen = new Set<string>();
  structure.steps.forEach((step, index) => {
    const where = `${stepsFile}: steps[${String(index)}] (${step.id})`;
    if (seen.has(step.id)) throw new Error(`${where}: id is used twice`);
    seen.add(step.id);
    if (!structure.stages.includes(step.stage))
      throw new Error(`${where}: stage "${step.stage}" is not in stages`);
    const unknown = step.contacts.find((contact) => !(contact in structure.contacts));
    if (unknown) throw new Error(`${where}: contact "${unknown}" is not in contacts`);
    if (step.join && structure.steps[index - 1]?.stage !== step.stage)
      throw new Error(`${where}: join needs a step before it in the same stage`);
  });
  const textFiles = Object.fromEntries(
    LOCALE_IDS.map((lang) => [lang, join(dir, `steps.${lang}.yaml`)]),
  ) as Record<LocaleId, string>;
  const texts = Object.fromEntries(
    LOCALE_IDS.map((lang) => {
      const file = textFiles[lang];
      const words = read(file, stepTextsSchema);
      sameKeys(file, 'stages', structure.stages, words.stages);
      sameKeys(file, 'contacts', Object.keys(structure.contacts), words.contacts);
      sameKeys(
        file,
        'steps',
        structure.steps.map((step) => step.id),
        words.steps,
      );
      return [lang, typesetTexts(words, lang)];
    }),
  ) as Record<LocaleId, StepTexts>;
  return { ...structure, texts, files: { steps: stepsFile, texts: textFiles } };
}
