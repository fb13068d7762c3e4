// The cookie banner (ADR 0020; GOV.UK's cookie banner): shown only on a site with optional cookies
// (statistics), at the top of the page under "Leave this site", until the reader chooses. It is a
// region of the page, not a dialog: reading, searching and the keyboard go on around it. It
// speaks the page's language; on the language splash, the reader's browser's. After a choice the
// focus goes back where the reader was, else to the main content, never to the page's body.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from '../router/Link.tsx';
import { useChrome } from '../Chrome.tsx';
import { useHydrated } from '../useHydrated.ts';
import { preferredLocale, type LocaleId } from '../../i18n/locales.ts';
import { consentTextsOf, type ConsentTexts } from '../../routes/consent-texts.ts';
import {
  asksConsent,
  CONSENT_OPEN_EVENT,
  readConsent,
  saveConsent,
  type ConsentChoice,
} from './consent-store.ts';
import './consent.css';

interface BannerProps {
  /** The splash's words in every language; other pages use their own catalog. */
  everyLanguage?: Record<LocaleId, ConsentTexts> | undefined;
}

export function ConsentBanner(props: BannerProps) {
  const { chrome } = useChrome();
  const hydrated = useHydrated();
  // Never prerendered: whether to ask depends on this browser's cookie.
  return hydrated && asksConsent(chrome) ? <Banner {...props} /> : null;
}

function Banner({ everyLanguage }: BannerProps) {
  const { chrome, t } = useChrome();
  const [language, texts] = useMemo((): [LocaleId, ConsentTexts] => {
    if (!everyLanguage) return [chrome.language, consentTextsOf(t)];
    const preferred = preferredLocale(navigator.languages);
    return [preferred, everyLanguage[preferred]];
  }, [everyLanguage, chrome.language, t]);
  const [open, setOpen] = useState(() => readConsent() === null);
  const [analytics, setAnalytics] = useState(() => readConsent()?.analytics === true);
  // Counts "Cookie settings" presses: each one brings the focus to the banner's title.
  const [reopened, setReopened] = useState(0);
  const region = useRef<HTMLElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  // Where the focus was before it came into the banner.
  const cameFrom = useRef<Element | null>(null);

  useEffect(() => {
    const reopen = () => {
      setAnalytics(readConsent()?.analytics === true);
      setOpen(true);
      setReopened((count) => count + 1);
    };
    window.addEventListener(CONSENT_OPEN_EVENT, reopen);
    return () => {
      window.removeEventListener(CONSENT_OPEN_EVENT, reopen);
    };
  }, []);

  useEffect(() => {
    if (reopened > 0) title.current?.focus();
  }, [reopened]);

  const save = (choice: ConsentChoice) => {
    saveConsent(choice);
    const back = cameFrom.current;
    const target =
      back instanceof HTMLElement && back.isConnected && !region.current?.contains(back)
        ? back
        : document.getElementById('main');
    target?.focus();
    setOpen(false);
  };

  if (!open) return null;
  return (
    <section
      ref={region}
      className="consent-banner"
      aria-labelledby="consent-title"
      lang={language}
      data-pagefind-ignore="all"
      onFocus={(event) => {
        const from = event.relatedTarget;
        if (!region.current?.contains(from)) cameFrom.current = from;
      }}
    >
      <form
        className="consent-banner__inner"
        onSubmit={(event) => {
          event.preventDefault();
          save({ analytics });
        }}
      >
        <h2 id="consent-title" className="consent-banner__title" ref={title} tabIndex={-1}>
          {texts['consent.title']}
        </h2>
        <p>
          {texts['consent.intro']}{' '}
          <Link to={texts['consent.policyPath']}>{texts['consent.policyLink']}</Link>
        </p>
        <fieldset className="consent-banner__categories">
          <legend className="visually-hidden">{texts['consent.categories']}</legend>
          <div className="consent-banner__category">
            <input
              type="checkbox"
              id="consent-analytics"
              checked={analytics}
              aria-describedby="consent-analytics-description"
              onChange={(event) => {
                setAnalytics(event.target.checked);
              }}
            />
            <label htmlFor="consent-analytics">{texts['consent.analytics']}</label>
            <p id="consent-analytics-description" className="consent-banner__description">
              {texts['consent.analytics.description']}
            </p>
          </div>
        </fieldset>
        <div className="consent-banner__buttons">
          <button
            type="button"
            onClick={() => {
              save({ analytics: false });
            }}
          >
            {texts['consent.refuse']}
          </button>
          <button type="submit">{texts['consent.allowSelected']}</button>
          <button
            type="button"
            onClick={() => {
              save({ analytics: true });
            }}
          >
            {texts['consent.allowAll']}
          </button>
        </div>
      </form>
    </section>
  );
}
