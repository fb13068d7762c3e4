// "What applies to me?": one question per screen (where, which attack, what happened, what you
// need now), then the reader's own steps. The answers live only in the URL's fragment: the back
// button walks the screens, a link can be shared, and no request ever carries them. Without
// JavaScript the page shows every step, each labelled with whom it is for (CSS hides that list
// where scripts run: `@media (scripting: enabled)`).
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { Link } from '../router/Link.tsx';
import { useLocation, useNavigate } from '../router/RouterProvider.tsx';
import type { StepByStepData } from '../../routes/page-data.ts';
import { useChrome } from '../Chrome.tsx';
import { useHydrated } from '../useHydrated.ts';
import { PlanSteps } from './PlanSteps.tsx';
import {
  answersHash,
  attacksFor,
  NO_ANSWERS,
  OTHER_ATTACK,
  planFor,
  previousScreen,
  readAnswers,
  SCREENS,
  UNSURE,
  type Answers,
  type Screen,
} from './plan.ts';
import './step-by-step.css';

export interface StepByStepProps {
  data: StepByStepData;
}

/** The questionnaire and plan, with the full list of steps for readers without JavaScript. */
export function StepByStep({ data }: StepByStepProps) {
  const hydrated = useHydrated();
  return (
    <div className="step-by-step" data-pagefind-ignore="all">
      <div className="step-by-step__app">{hydrated ? <Questionnaire data={data} /> : null}</div>
      <section className="step-by-step__all" aria-labelledby="step-by-step-all">
        <h2 id="step-by-step-all">{data.ui.allTitle}</h2>
        <p>{data.ui.allIntro}</p>
        <PlanSteps stages={planFor(data, NO_ANSWERS, true)} data={data} showFor />
      </section>
    </div>
  );
}

const QUESTIONS = SCREENS.filter((screen) => screen !== 'plan');

function Questionnaire({ data }: StepByStepProps) {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const { answers, screen } = readAnswers(hash, data);
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  // A new screen is a new question: focus its heading (not on the first load, where the reader
  // has not asked for anything yet), which also scrolls it into view.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [screen]);
  const go = (next: Answers, to: Screen) => {
    void navigate({ hash: answersHash(next, to) }, { preventScrollReset: true });
  };
  const back = previousScreen(screen);
  return (
    <div className="step-by-step__screen">
      {back ? (
        <p className="step-by-step__back">
          <Link to={{ hash: answersHash(answers, back) }} preventScrollReset>
            {data.ui.back}
          </Link>
        </p>
      ) : null}
      {screen === 'plan' ? (
        <Plan data={data} answers={answers} heading={heading} />
      ) : (
        <Question
          key={screen}
          data={data}
          screen={screen}
          answers={answers}
          heading={heading}
          onAnswer={(next) => {
            go(next, SCREENS[SCREENS.indexOf(screen) + 1] ?? 'plan');
          }}
        />
      )}
    </div>
  );
}

interface Choice {
  value: string;
  label: string;
}

/** The choices of a question: the places, the attacks of the place chosen, the roles, the needs. */
function choicesFor(
  data: StepByStepData,
  screen: Exclude<Screen, 'plan'>,
  answers: Answers,
): Choice[] {
  const { ui } = data;
  const unsure: Choice = { value: UNSURE, label: ui.unsure };
  const labelled = (options: Record<string, string>): Choice[] =>
    Object.entries(options).map(([value, label]) => ({ value, label }));
  return screen === 'where'
    ? [...labelled(ui.where.options), unsure]
    : screen === 'attack'
      ? [
          ...attacksFor(data, answers.where).map((attack) => ({
            value: attack.key,
            label: attack.title,
          })),
          { value: OTHER_ATTACK, label: ui.attack.other },
        ]
      : screen === 'role'
        ? [...labelled(ui.role.options), unsure]
        : labelled(ui.need.options);
}

/** The values already chosen on a question's screen. */
function chosenFor(screen: Exclude<Screen, 'plan'>, answers: Answers): string[] {
  return screen === 'where'
    ? [answers.where ?? '']
    : screen === 'attack'
      ? [answers.attack ?? '']
      : screen === 'role'
        ? answers.roles
        : answers.needs;
}

/** The answers with a question's values in them (a new place forgets the attack). */
function withAnswer(answers: Answers, screen: Exclude<Screen, 'plan'>, values: string[]): Answers {
  const next: Answers = { ...answers };
  if (screen === 'where') {
    next.where = values[0] as Answers['where'];
    // Another place offers other attacks: ask again.
    if (next.where !== answers.where) delete next.attack;
  }
  if (screen === 'attack') next.attack = values[0] ?? OTHER_ATTACK;
  if (screen === 'role')
    next.roles = (values.includes(UNSURE) ? [UNSURE] : values) as Answers['roles'];
  if (screen === 'need') next.needs = values as Answers['needs'];
  return next;
}

function Question({
  data,
  screen,
  answers,
  heading,
  onAnswer,
}: {
  data: StepByStepData;
  screen: Exclude<Screen, 'plan'>;
  answers: Answers;
  heading: React.RefObject<HTMLHeadingElement | null>;
  onAnswer: (answers: Answers) => void;
}) {
  const { t } = useChrome();
  const { ui } = data;
  const id = useId();
  const [invalid, setInvalid] = useState(false);
  const multiple = screen === 'role' || screen === 'need';
  const optional = screen === 'need';
  const choices = choicesFor(data, screen, answers);
  const chosen = chosenFor(screen, answers);
  const question = ui[screen];
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = new FormData(event.currentTarget).getAll('answer').map(String);
    if (values.length === 0 && !optional) {
      setInvalid(true);
      event.currentTarget.querySelector('input')?.focus();
      return;
    }
    onAnswer(withAnswer(answers, screen, values));
  };
  const number = QUESTIONS.indexOf(screen) + 1;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <form className="step-by-step__question" onSubmit={submit} noValidate>
      <p className="step-by-step__progress">
        {ui.progress
          .replace('{number}', String(number))
          .replace('{total}', String(QUESTIONS.length))}
      </p>
      <fieldset
        className="step-by-step__fieldset"
        aria-describedby={
          [question.hint ? hintId : '', invalid ? errorId : ''].filter(Boolean).join(' ') ||
          undefined
        }
      >
        <legend className="step-by-step__legend">
          <h2 ref={heading} tabIndex={-1} className="step-by-step__heading">
            {question.title}
          </h2>
        </legend>
        {question.hint ? (
          <p id={hintId} className="step-by-step__hint">
            {question.hint}
          </p>
        ) : null}
        {invalid ? (
          <p id={errorId} className="step-by-step__error">
            {t('form.error.option')}
          </p>
        ) : null}
        <div className="step-by-step__choices">
          {choices.map((choice) => (
            <label key={choice.value} className="step-by-step__choice">
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name="answer"
                value={choice.value}
                defaultChecked={chosen.includes(choice.value)}
                aria-invalid={invalid || undefined}
                onChange={() => {
                  setInvalid(false);
                }}
              />
              <span>{choice.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className="button step-by-step__next">
        {screen === 'need' ? ui.showPlan : ui.next}
      </button>
    </form>
  );
}

function Plan({
  data,
  answers,
  heading,
}: {
  data: StepByStepData;
  answers: Answers;
  heading: React.RefObject<HTMLHeadingElement | null>;
}) {
  const { ui } = data;
  const [copied, setCopied] = useState('');
  const share = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      setCopied(ui.copied);
    } catch {
      // No clipboard (permission, old browser): show the link to copy by hand.
      setCopied(window.location.href);
    }
  };
  return (
    <section className="step-by-step__result" aria-labelledby="step-by-step-plan">
      <h2 id="step-by-step-plan" ref={heading} tabIndex={-1} className="step-by-step__heading">
        {ui.planTitle}
      </h2>
      <p>{ui.planIntro}</p>
      <PlanSteps stages={planFor(data, answers)} data={data} />
      <div className="step-by-step__actions">
        <button
          type="button"
          className="step-by-step__action"
          onClick={() => {
            window.print();
          }}
        >
          {ui.print}
        </button>
        <button type="button" className="step-by-step__action" onClick={() => void share()}>
          {ui.share}
        </button>
        <Link
          className="step-by-step__action step-by-step__change"
          to={{ hash: answersHash(answers, 'where') }}
          preventScrollReset
        >
          {ui.change}
        </Link>
      </div>
      <p className="step-by-step__note">{ui.shareNote}</p>
      <p className="step-by-step__status" role="status">
        {copied}
      </p>
    </section>
  );
}
