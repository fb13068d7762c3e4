// The data of "What applies to me?" in one language: every step with its words, guide and
// contacts resolved, and the recognised attacks the reader can choose. A step naming a page that
// does not exist in that language fails the build, with the file and the step.
import type { StepContact } from '../content/step-by-step.ts';
import { INTL_LOCALE, type LocaleId } from '../i18n/locales.ts';
import { keepPhoneNumbersTogether, typeset } from '../i18n/typography.ts';
import type { ContentIndex } from './content-index.ts';
import type { PlanAttack, PlanContact, PlanPartOf, StepByStepData } from './page-data.ts';

/** A link's visible label: the host without "www.", and the path when there is one. */
export const linkLabel = (href: string): string => {
  const url = new URL(href);
  const path = url.pathname.replace(/\/$/, '');
  return url.hostname.replace(/^www\./, '') + path;
};

const contactOf = (
  id: string,
  name: string,
  contact: StepContact,
  language: LocaleId,
): PlanContact => ({
  id,
  name,
  phones: (contact.phones ?? []).map(keepPhoneNumbersTogether),
  ...(contact.email ? { email: contact.email } : {}),
  links: [
    ...(typeof contact.url === 'string'
      ? [contact.url]
      : contact.url
        ? [contact.url[language]]
        : []),
    ...(contact.urls ?? []),
  ].map((href) => ({
    href,
    label: linkLabel(href),
  })),
});

/** The step-by-step data of `language`; throws when the content has none or names a missing page. */
export function stepByStepDataOf(index: ContentIndex, language: LocaleId): StepByStepData {
  const content = index.content.stepByStep;
  if (!content) throw new Error('content/step-by-step: missing, but a page has stepByStep: true');
  const words = content.texts[language];
  const attacks: PlanAttack[] = index.content.attacks
    .filter((attack) => attack.lang === language)
    .sort((a, b) => b.date.localeCompare(a.date))
    .map((attack) => ({
      key: attack.translationKey,
      title: attack.title,
      path: attack.path,
      place: attack.country === 'BE' ? 'belgium' : 'abroad',
      // The deadline as the attack's page shows it (the front matter keeps the words as written).
      ...(attack.deadline ? { deadline: typeset(attack.deadline, language) } : {}),
    }));
  // The attack step's own guide is the page that lists the recognised attacks.
  const attackList = index.content.pages.find(
    (page) => page.lang === language && page.listing === 'attack',
  );
  return {
    ui: words.ui,
    stages: content.stages.map((stage) => ({ id: stage, title: words.stages[stage] ?? stage })),
    steps: content.steps.map((step) => {
      const text = words.steps[step.id];
      if (!text) throw new Error(`${content.files.texts[language]}: steps: no text for ${step.id}`);
      const guide =
        step.page === 'attack' && attackList
          ? attackList
          : index.pageOf(step.page, language, `${content.files.steps}: step ${step.id} page`);
      return {
        id: step.id,
        stage: step.stage,
        ...(step.for ? { for: step.for } : {}),
        ...(step.where ? { where: step.where } : {}),
        needs: step.needs,
        ...(step.join ? { join: step.join } : {}),
        title: text.title,
        tasks: text.tasks,
        ...(text.bring ? { bring: text.bring } : {}),
        guide: { title: guide.title, path: guide.path },
        ...(step.page === 'attack' ? { attackGuide: true as const } : {}),
        contacts: step.contacts.map((contact) =>
          contactOf(
            contact,
            words.contacts[contact] ?? contact,
            content.contacts[contact] ?? {},
            language,
          ),
        ),
        deadline: step.deadline === true,
      };
    }),
    attacks,
    askDeadline: words.askDeadline,
  };
}

/**
 * The number of each shown step, numbered on from one to the next; a step joined ("and", "or")
 * to a shown step just before it shares that step's number. Undefined for a step not shown.
 */
export function stepNumbers(
  steps: readonly { join?: string | undefined }[],
  shown: readonly boolean[],
): (number | undefined)[] {
  let number = 0;
  return steps.map((step, index) => {
    if (!shown[index]) return undefined;
    if (step.join === undefined || shown[index - 1] !== true) number += 1;
    return number;
  });
}

const partOfCache = new WeakMap<ContentIndex, Map<LocaleId, Map<string, PlanPartOf>>>();

/** Every guide of "What applies to me?" in `language`, by path, with its step numbers. */
function guidesOf(index: ContentIndex, language: LocaleId): Map<string, PlanPartOf> {
  const questionnaire = index.content.pages.find(
    (page) => page.lang === language && page.stepByStep === true,
  );
  const guides = new Map<string, PlanPartOf>();
  if (!questionnaire) return guides;
  const { steps } = stepByStepDataOf(index, language);
  const numbers = stepNumbers(
    steps,
    steps.map(() => true),
  );
  const byPath = new Map<string, number[]>();
  steps.forEach((step, position) => {
    const number = numbers[position];
    const seen = byPath.get(step.guide.path) ?? [];
    if (number !== undefined && !seen.includes(number))
      byPath.set(step.guide.path, [...seen, number]);
  });
  const list = new Intl.ListFormat(INTL_LOCALE[language], { type: 'conjunction' });
  for (const [path, found] of byPath) {
    guides.set(path, {
      title: questionnaire.title,
      path: questionnaire.path,
      count: found.length,
      steps: list.format(found.map(String)),
    });
  }
  return guides;
}

/**
 * Where the page at `path` sits in "What applies to me?" (the numbers of the steps it explains,
 * in the list of every step), or undefined when it explains none. Derived from
 * content/step-by-step, computed once per language.
 */
export function planPartOf(
  index: ContentIndex,
  language: LocaleId,
  path: string,
): PlanPartOf | undefined {
  let byLanguage = partOfCache.get(index);
  if (!byLanguage) {
    byLanguage = new Map();
    partOfCache.set(index, byLanguage);
  }
  let guides = byLanguage.get(language);
  if (!guides) {
    guides = index.content.stepByStep ? guidesOf(index, language) : new Map();
    byLanguage.set(language, guides);
  }
  return guides.get(path);
}
