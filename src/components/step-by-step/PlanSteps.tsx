// The steps of a plan, by stage, in GOV.UK's step-by-step pattern: numbered steps, "and" or "or"
// in place of the number of a step done with or instead of the one before. Each step says what
// to do, what to bring, the deadline where the content states one, whom to contact and its guide.
// Headings: the plan's h2, each stage h3, each step h4, its parts h5. The number or "and"/"or"
// is an element of its own before the step's heading, so that a screen reader says "and", then
// the heading "Talk to someone", not "and Talk to someone" (issue 49).
import { Link } from '../router/Link.tsx';
import type { PlanContact, StepByStepData } from '../../routes/page-data.ts';
import type { PlannedStage, PlannedStep } from './plan.ts';

/** A phone number as a tel: link: Belgian numbers with the country code, short numbers as they are. */
export const telHref = (number: string): string => {
  const digits = number.replace(/\s/g, '');
  return `tel:${digits.length > 4 && digits.startsWith('0') ? `+32${digits.slice(1)}` : digits}`;
};

function Contact({ contact }: { contact: PlanContact }) {
  return (
    <li className="step-by-step__contact">
      {/* The name on its own line: no punctuation that differs between languages. */}
      <span className="step-by-step__contact-name">{contact.name}</span>{' '}
      {[
        ...contact.phones.map((phone) => (
          <a key={phone} href={telHref(phone)}>
            {phone}
          </a>
        )),
        ...(contact.email
          ? [
              <a key={contact.email} href={`mailto:${contact.email}`}>
                {contact.email}
              </a>,
            ]
          : []),
        ...contact.links.map((link) => (
          <a key={link.href} href={link.href}>
            {link.label}
          </a>
        )),
      ].flatMap((part, index) => (index === 0 ? [part] : [', ', part]))}
    </li>
  );
}

/** Who a step is for, in words (the page without JavaScript shows every step). */
function forWhom(item: PlannedStep, ui: StepByStepData['ui']): string {
  const roles = item.step.for?.map((role) => ui.forRoles[role]).join(', ') ?? ui.everyone;
  return item.step.where?.includes('belgium') === false ? `${roles} (${ui.onlyAbroad})` : roles;
}

function Step({
  item,
  data,
  showFor,
}: {
  item: PlannedStep;
  data: StepByStepData;
  showFor: boolean;
}) {
  const { ui } = data;
  const { step } = item;
  return (
    <li className={`step-by-step__step${item.needed ? ' step-by-step__step--needed' : ''}`}>
      <span className="step-by-step__marker">
        {item.join ? ui[item.join] : String(item.number)}
      </span>
      <h4 className="step-by-step__title">{step.title}</h4>
      {item.needed ? <p className="step-by-step__needed">{ui.needed}</p> : null}
      {showFor ? (
        <p className="step-by-step__for">
          <strong>{ui.forLabel}</strong> {forWhom(item, ui)}
        </p>
      ) : null}
      <ul className="step-by-step__tasks">
        {step.tasks.map((task) => (
          <li key={task}>{task}</li>
        ))}
      </ul>
      {step.bring ? (
        <>
          <h5 className="step-by-step__label">{ui.bring}</h5>
          <ul>
            {step.bring.map((paper) => (
              <li key={paper}>{paper}</li>
            ))}
          </ul>
        </>
      ) : null}
      {step.deadline ? (
        <>
          <h5 className="step-by-step__label">{ui.deadline}</h5>
          {item.deadline ? <p className="step-by-step__deadline">{item.deadline}</p> : null}
          <p>{data.askDeadline}</p>
        </>
      ) : null}
      {step.contacts.length ? (
        <>
          <h5 className="step-by-step__label">{ui.contacts}</h5>
          <ul className="step-by-step__contacts">
            {step.contacts.map((contact) => (
              <Contact key={contact.id} contact={contact} />
            ))}
          </ul>
        </>
      ) : null}
      <p className="step-by-step__guide">
        {ui.guide} <Link to={item.guide.path}>{item.guide.title}</Link>
      </p>
    </li>
  );
}

/** The stages of a plan with their steps; `showFor` labels each step with whom it is for. */
export function PlanSteps({
  stages,
  data,
  showFor = false,
}: {
  stages: PlannedStage[];
  data: StepByStepData;
  showFor?: boolean;
}) {
  return (
    <div className="step-by-step__plan">
      {stages.map((stage) => (
        <section key={stage.id} className="step-by-step__stage">
          <h3 className="step-by-step__stage-title">{stage.title}</h3>
          <ol className="step-by-step__steps">
            {stage.steps.map((item) => (
              <Step key={item.step.id} item={item} data={data} showFor={showFor} />
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
