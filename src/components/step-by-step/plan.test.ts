// "What applies to me?" on the real content: every combination of answers in every language
// gives a plan whose guides are pages of the site, whose contacts are on the contacts page and
// whose deadlines are quoted from the attack pages; three plans are checked step by step.
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../content/load-content.ts';
import { ROLES, NEEDS, type Need, type Role } from '../../content/step-by-step.ts';
import { LOCALE_IDS, type LocaleId } from '../../i18n/locales.ts';
import { buildRouteTable } from '../../routes/route-table.ts';
import type { StepByStepData } from '../../routes/page-data.ts';
import {
  answersHash,
  attacksFor,
  OTHER_ATTACK,
  planFor,
  readAnswers,
  UNSURE,
  type Answers,
  type PlannedStage,
} from './plan.ts';

const content = loadContent(`${import.meta.dirname}/../../../content`, {
  localPreview: 'http://localhost:8080',
});
const table = buildRouteTable(content);
const routePaths = new Set(table.routes.map((route) => route.path));
const dataOf = (lang: LocaleId): StepByStepData => {
  const route = table.routes.find(
    (candidate) => candidate.pageContext.language === lang && 'stepByStep' in candidate.data,
  );
  if (!route || !('stepByStep' in route.data) || !route.data.stepByStep)
    throw new Error(`no step-by-step page in ${lang}`);
  return route.data.stepByStep;
};
const contactsPage = (lang: LocaleId) => {
  const page = content.pages.find(
    (item) => item.translationKey === 'contacts' && item.lang === lang,
  );
  if (!page) throw new Error(`no contacts page in ${lang}`);
  // As readers see it: typeset, its phone numbers kept on one line as the plan's are.
  return page.html;
};

/** Every subset of `values`, the empty one included. */
const subsets = <T>(values: readonly T[]): T[][] =>
  values.reduce<T[][]>((all, value) => [...all, ...all.map((set) => [...set, value])], [[]]);

/** The plan as "marker id" lines: "1 emergency", "and talk". */
const outline = (stages: PlannedStage[]) =>
  stages.flatMap((stage) =>
    stage.steps.map((item) => `${item.join ?? String(item.number)} ${item.step.id}`),
  );

describe('every combination of answers', () => {
  // About 190,000 plans: seconds on a quiet machine, more when the machine is busy.
  it(
    'gives a plan whose links, contacts and deadlines all come from the content',
    { timeout: 60_000 },
    () => {
      let combinations = 0;
      const problems = new Set<string>();
      for (const lang of LOCALE_IDS) {
        const data = dataOf(lang);
        const contacts = contactsPage(lang);
        const attackBodies = new Map(
          content.attacks
            .filter((attack) => attack.lang === lang)
            .map((attack) => [attack.translationKey, attack.html]),
        );
        const roleAnswers: Answers['roles'][] = [
          ...subsets<Role>(ROLES).filter((set) => set.length > 0),
          [UNSURE],
        ];
        for (const where of ['belgium', 'abroad', UNSURE] as const) {
          const attacks = [...attacksFor(data, where).map((attack) => attack.key), OTHER_ATTACK];
          for (const attack of attacks) {
            for (const roles of roleAnswers) {
              for (const needs of subsets<Need>(NEEDS)) {
                combinations += 1;
                const plan = planFor(data, { where, attack, roles, needs });
                const steps = plan.flatMap((stage) => stage.steps);
                const problem = (text: string) =>
                  problems.add(`${lang} ${where} ${attack}: ${text}`);
                // Numbered 1, 2, 3… with "and"/"or" never first; the urgent steps first.
                let expected = 1;
                for (const item of steps) {
                  if (item.number !== undefined && item.number !== expected++)
                    problem(`step ${item.step.id} numbered ${String(item.number)}`);
                  if (!routePaths.has(item.guide.path)) problem(`no page at ${item.guide.path}`);
                  for (const contact of item.step.contacts) {
                    for (const detail of [
                      ...contact.phones,
                      ...(contact.email ? [contact.email] : []),
                      ...contact.links.map((link) => link.href),
                    ])
                      if (!contacts.includes(detail)) problem(`${detail} not on the contacts page`);
                  }
                  if (
                    item.deadline !== undefined &&
                    !attackBodies.get(attack)?.includes(item.deadline)
                  )
                    problem(`deadline "${item.deadline}" not on the attack's page`);
                }
                if (steps[0]?.number !== 1 || steps[0].step.id !== 'emergency')
                  problem('does not start with emergency help');
                // The deadline step quotes the chosen attack's deadline exactly when its page states one.
                const stated = data.attacks.find((candidate) => candidate.key === attack)?.deadline;
                const financialAid = steps.find((item) => item.step.id === 'financial-aid');
                if (financialAid && financialAid.deadline !== stated) problem('wrong deadline');
              }
            }
          }
        }
      }
      expect([...problems]).toEqual([]);
      // 4 languages × (Belgian attacks + 1, foreign + 1, all + 1) × 32 situations × 64 needs.
      const attackCount = content.attacks.filter((attack) => attack.lang === 'en').length;
      expect(combinations).toBe(4 * (attackCount + 2 + attackCount + 1) * 32 * 64);
    },
  );
});

describe('three plans, step by step, in every language', () => {
  it.each(LOCALE_IDS)('%s: injured in the Brussels attacks of 2016, needing money', (lang) => {
    const data = dataOf(lang);
    const plan = planFor(data, {
      where: 'belgium',
      attack: 'brussels-2016',
      roles: ['injured'],
      needs: ['money'],
    });
    expect(outline(plan)).toEqual([
      '1 emergency',
      '2 doctor',
      'and talk',
      '3 central-desk',
      'and attack-page',
      '4 papers',
      '5 police',
      '6 financial-aid',
      'and solidarity-status',
      '7 medical-costs',
      'and insurance',
      '8 criminal-case',
      '9 victim-support',
      'or family-doctor',
      '10 associations',
    ]);
    const steps = plan.flatMap((stage) => stage.steps);
    const attack = content.attacks.find(
      (item) => item.translationKey === 'brussels-2016' && item.lang === lang,
    );
    expect(steps.find((item) => item.step.id === 'attack-page')?.guide.path).toBe(attack?.path);
    expect(steps.find((item) => item.step.id === 'financial-aid')?.deadline).toBe(
      {
        en: 'The normal deadline to ask for financial aid for these attacks ended on 18 March 2020.',
        nl: 'De gewone termijn om financiële hulp te vragen voor deze aanslagen liep af op 18 maart 2020.',
        fr: 'Le délai normal pour demander une aide financière pour ces attentats a pris fin le 18 mars 2020.',
        de: 'Die normale Frist, um für diese Anschläge finanzielle Hilfe zu beantragen, endete am 18. März 2020.',
      }[lang],
    );
    expect(steps.filter((item) => item.needed).map((item) => item.step.id)).toEqual([
      'papers',
      'financial-aid',
      'solidarity-status',
      'medical-costs',
      'insurance',
    ]);
  });

  it.each(LOCALE_IDS)('%s: a relative of someone who died abroad, attack not listed', (lang) => {
    const plan = planFor(dataOf(lang), {
      where: 'abroad',
      attack: OTHER_ATTACK,
      roles: ['bereaved'],
      needs: [],
    });
    // No doctor for the reader's injuries, so "talk" gets a number; no attack page to read.
    expect(outline(plan)).toEqual([
      '1 emergency',
      '2 embassy',
      '3 talk',
      '4 central-desk',
      '5 papers',
      '6 police',
      '7 financial-aid',
      'and solidarity-status',
      '8 medical-costs',
      'and insurance',
      '9 criminal-case',
      '10 victim-support',
      'or family-doctor',
      '11 associations',
    ]);
    const financialAid = plan
      .flatMap((stage) => stage.steps)
      .find((item) => item.step.id === 'financial-aid');
    expect(financialAid?.deadline).toBeUndefined();
    expect(financialAid?.step.deadline).toBe(true);
  });

  it.each(LOCALE_IDS)('%s: a helper who does not know where, needing to talk', (lang) => {
    const plan = planFor(dataOf(lang), {
      where: UNSURE,
      attack: OTHER_ATTACK,
      roles: ['helper'],
      needs: ['talk'],
    });
    expect(outline(plan)).toEqual([
      '1 emergency',
      '2 embassy',
      '3 doctor',
      'and talk',
      '4 central-desk',
      '5 papers',
      '6 police',
      '7 financial-aid',
      '8 criminal-case',
      '9 victim-support',
      'or family-doctor',
      '10 associations',
    ]);
    expect(
      plan
        .flatMap((stage) => stage.steps)
        .filter((item) => item.needed)
        .map((item) => item.step.id),
    ).toEqual(['talk', 'victim-support']);
  });
});

describe('answers in the URL fragment', () => {
  const data = dataOf('en');

  it('round-trip through the link a reader shares', () => {
    const answers: Answers = {
      where: 'belgium',
      attack: 'brussels-2016',
      roles: ['injured', 'bereaved'],
      needs: ['money', 'talk'],
    };
    const hash = answersHash(answers, 'plan');
    expect(hash).toBe(
      '#screen=plan&where=belgium&attack=brussels-2016&role=injured,bereaved&need=money,talk',
    );
    expect(readAnswers(hash, data)).toEqual({ answers, screen: 'plan' });
  });

  it('drop what is not an answer, and go back to the first question not answered', () => {
    expect(readAnswers('#screen=plan&where=mars&attack=nice-2016&role=king,helper', data)).toEqual({
      answers: { attack: 'nice-2016', roles: ['helper'], needs: [] },
      screen: 'where',
    });
    // An attack abroad is not an answer for an attack in Belgium.
    expect(readAnswers('#screen=role&where=belgium&attack=nice-2016', data)).toEqual({
      answers: { where: 'belgium', roles: [], needs: [] },
      screen: 'attack',
    });
    expect(readAnswers('', data).screen).toBe('where');
  });

  it('"I don\'t know" about what happened stands alone and shows the steps for everyone', () => {
    const { answers } = readAnswers(
      '#screen=plan&where=unsure&attack=other&role=unsure,injured',
      data,
    );
    expect(answers.roles).toEqual([UNSURE]);
    const all = planFor(data, answers).flatMap((stage) => stage.steps);
    expect(all.map((item) => item.step.id)).toEqual(
      data.steps.filter((step) => step.id !== 'attack-page').map((step) => step.id),
    );
  });
});
