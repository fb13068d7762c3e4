// The cookie-consent dialog: a native modal <dialog> (focus stays inside, the page behind is
// inert) shown on the first visit and reopened by the footer's "Cookie settings".
import { useEffect, useRef, useState } from 'react';
import { Link } from '../router/Link.tsx';
import { useChrome } from '../Chrome.tsx';
import { useHydrated } from '../useHydrated.ts';
import {
  CONSENT_OPEN_EVENT,
  readConsent,
  saveConsent,
  type ConsentChoice,
} from './consent-store.ts';
import './consent.css';

const NONE: ConsentChoice = { analytics: false, media: false };

export function ConsentDialog() {
  const hydrated = useHydrated();
  return hydrated ? <ConsentModal /> : null;
}

function ConsentModal() {
  const { t } = useChrome();
  const dialog = useRef<HTMLDialogElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const [choice, setChoice] = useState<ConsentChoice>(() => readConsent() ?? NONE);

  useEffect(() => {
    const open = () => {
      setChoice(readConsent() ?? NONE);
      if (!dialog.current?.open) dialog.current?.showModal();
      // Start at the title, not at the policy link: a screen reader reads the dialog in order.
      title.current?.focus();
    };
    // First visit, a new policy version or an expired choice: ask.
    if (!readConsent()) open();
    window.addEventListener(CONSENT_OPEN_EVENT, open);
    return () => {
      window.removeEventListener(CONSENT_OPEN_EVENT, open);
    };
  }, []);

  // Escape (the dialog's cancel) closes without storing anything: no optional cookie is allowed,
  // and the dialog asks again on the next visit.
  const save = (next: ConsentChoice) => {
    saveConsent(next);
    dialog.current?.close();
  };

  return (
    <dialog
      ref={dialog}
      className="consent"
      aria-labelledby="consent-title"
      aria-describedby="consent-intro"
      data-pagefind-ignore="all"
    >
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          save(choice);
        }}
      >
        <h2 id="consent-title" className="consent__title" ref={title} tabIndex={-1}>
          {t('consent.title')}
        </h2>
        <p id="consent-intro">{t('consent.intro')}</p>
        <p>
          <Link to={t('consent.policyPath')} onClick={() => dialog.current?.close()}>
            {t('consent.policyLink')}
          </Link>
        </p>
        <fieldset className="consent__categories">
          <legend>{t('consent.categories')}</legend>
          <Category
            id="consent-necessary"
            label={t('consent.necessary')}
            description={t('consent.necessary.description')}
            checked
            disabled
          />
          <Category
            id="consent-analytics"
            label={t('consent.analytics')}
            description={t('consent.analytics.description')}
            checked={choice.analytics}
            onChange={(analytics) => {
              setChoice({ ...choice, analytics });
            }}
          />
          <Category
            id="consent-media"
            label={t('consent.media')}
            description={t('consent.media.description')}
            checked={choice.media}
            onChange={(media) => {
              setChoice({ ...choice, media });
            }}
          />
        </fieldset>
        <div className="consent__buttons">
          <button
            type="button"
            onClick={() => {
              save(NONE);
            }}
          >
            {t('consent.refuse')}
          </button>
          <button type="submit">{t('consent.allowSelected')}</button>
          <button
            type="button"
            onClick={() => {
              save({ analytics: true, media: true });
            }}
          >
            {t('consent.allowAll')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

interface CategoryProps {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onChange?: (checked: boolean) => void;
}

function Category({ id, label, description, checked, disabled, onChange }: CategoryProps) {
  return (
    <div className="consent__category">
      <input
        type="checkbox"
        id={id}
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-description`}
        onChange={(event) => onChange?.(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      <p id={`${id}-description`} className="consent__description">
        {description}
      </p>
    </div>
  );
}
