// "What applies to me?": the reader's answers, kept in the URL's fragment (never sent in a
// request, nor in a Referer), and the plan they give: the steps for them, numbered, with "and" or
// "or" between alternatives. Pure functions, shared by the page and the tests.
import type { Need, Place, Role } from '../../content/step-by-step.ts';
import type { PlanAttack, PlanStep, StepByStepData } from '../../routes/page-data.ts';
import { stepNumbers } from '../../routes/step-by-step.ts';

/** The questionnaire's screens, in order; "plan" shows the answer. */
export const SCREENS = ['where', 'attack', 'role', 'need', 'plan'] as const;
export type Screen = (typeof SCREENS)[number];

/** "I don't know", allowed for where, which attack and what happened. */
export const UNSURE = 'unsure';
/** "Another attack, or I am not sure". */
export const OTHER_ATTACK = 'other';

export interface Answers {
  where?: Place | typeof UNSURE;
  /** An attack's translationKey, or OTHER_ATTACK. */
  attack?: string;
  /** What happened to the reader; [UNSURE] for "I don't know"; empty: not answered. */
  roles: (Role | typeof UNSURE)[];
  needs: Need[];
}

export const NO_ANSWERS: Answers = { roles: [], needs: [] };

const optionsOf = <T extends string>(texts: Partial<Record<T, string>>) =>
  Object.keys(texts) as T[];

/** The attacks offered for an answer to "where": Belgian, foreign, or all. */
export function attacksFor(data: StepByStepData, where: Answers['where']): PlanAttack[] {
  return where === 'belgium' || where === 'abroad'
    ? data.attacks.filter((attack) => attack.place === where)
    : data.attacks;
}

/** Reads answers and screen from a URL fragment; unknown values are dropped. */
export function readAnswers(
  hash: string,
  data: StepByStepData,
): { answers: Answers; screen: Screen } {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const list = (name: string) => (params.get(name) ?? '').split(',').filter(Boolean);
  const places = optionsOf(data.ui.where.options);
  const roles = optionsOf(data.ui.role.options);
  const needs = optionsOf(data.ui.need.options);
  const whereValue = params.get('where');
  const where = whereValue === UNSURE ? UNSURE : places.find((place) => place === whereValue);
  const attackValue = params.get('attack');
  const attack =
    attackValue === OTHER_ATTACK ||
    attacksFor(data, where).some((candidate) => candidate.key === attackValue)
      ? (attackValue ?? undefined)
      : undefined;
  const chosenRoles = list('role');
  const answers: Answers = {
    ...(where ? { where } : {}),
    ...(attack ? { attack } : {}),
    roles: chosenRoles.includes(UNSURE)
      ? [UNSURE]
      : roles.filter((role) => chosenRoles.includes(role)),
    needs: needs.filter((need) => list('need').includes(need)),
  };
  const wanted = SCREENS.find((screen) => screen === params.get('screen')) ?? 'where';
  return { answers, screen: reachable(wanted, answers) };
}

/** The screen to show: the wanted one, or the first earlier one still unanswered. */
function reachable(wanted: Screen, answers: Answers): Screen {
  const answered: Record<Screen, boolean> = {
    where: answers.where !== undefined,
    attack: answers.attack !== undefined,
    role: answers.roles.length > 0,
    need: true,
    plan: true,
  };
  const index = SCREENS.indexOf(wanted);
  return SCREENS.slice(0, index).find((screen) => !answered[screen]) ?? wanted;
}

/** The URL fragment of answers on a screen (what a shared link carries). */
export function answersHash(answers: Answers, screen: Screen): string {
  const params = new URLSearchParams();
  params.set('screen', screen);
  if (answers.where) params.set('where', answers.where);
  if (answers.attack) params.set('attack', answers.attack);
  if (answers.roles.length) params.set('role', answers.roles.join(','));
  if (answers.needs.length) params.set('need', answers.needs.join(','));
  // Commas stay readable in a shared link.
  return `#${params.toString().replaceAll('%2C', ',')}`;
}

/** The screen before `screen`, for the Back link. */
export function previousScreen(screen: Screen): Screen | undefined {
  return SCREENS[SCREENS.indexOf(screen) - 1];
}

/** A step as the plan shows it. */
export interface PlannedStep {
  step: PlanStep;
  /** Its number; absent when it is joined to the step before. */
  number?: number;
  join?: 'and' | 'or';
  /** It gives something the reader said they need now. */
  needed: boolean;
  guide: { title: string; path: string };
  /** The chosen attack's deadline as its page states it, for a step with a deadline. */
  deadline?: string;
}

export interface PlannedStage {
  id: string;
  title: string;
  steps: PlannedStep[];
}

/** Whether a step is for the reader: their situation, the place, and a chosen attack. */
export function appliesTo(step: PlanStep, answers: Answers): boolean {
  const anyRole = answers.roles.length === 0 || answers.roles.includes(UNSURE);
  const forRole =
    !step.for ||
    anyRole ||
    answers.roles.some((role) => role !== UNSURE && step.for?.includes(role));
  const anyPlace = answers.where === undefined || answers.where === UNSURE;
  const forPlace = !step.where || anyPlace || step.where.includes(answers.where as Place);
  const attackKnown = answers.attack !== undefined && answers.attack !== OTHER_ATTACK;
  return forRole && forPlace && (!step.attackGuide || attackKnown);
}

/**
 * The reader's plan: the steps that apply, by stage, numbered on from one stage to the next; a
 * step joined to the one before keeps its "and"/"or" only when that step is in the plan too.
 * `everything` shows every step (the page without JavaScript), the attack step included.
 */
export function planFor(
  data: StepByStepData,
  answers: Answers,
  everything = false,
): PlannedStage[] {
  const attack = data.attacks.find((candidate) => candidate.key === answers.attack);
  const shown = data.steps.map((step) => everything || appliesTo(step, answers));
  const numbers = stepNumbers(data.steps, shown);
  const planned = data.steps.flatMap((step, index): PlannedStep[] => {
    const number = numbers[index];
    if (number === undefined) return [];
    const joined = step.join !== undefined && shown[index - 1] === true;
    return [
      {
        step,
        ...(joined ? { join: step.join } : { number }),
        needed: step.needs.some((need) => answers.needs.includes(need)),
        guide: step.attackGuide && attack ? { title: attack.title, path: attack.path } : step.guide,
        ...(step.deadline && attack?.deadline ? { deadline: attack.deadline } : {}),
      },
    ];
  });
  return data.stages
    .map((stage) => ({ ...stage, steps: planned.filter((item) => item.step.stage === stage.id) }))
    .filter((stage) => stage.steps.length > 0);
}
