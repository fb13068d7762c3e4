// The cookie banner itself (ConsentBanner.tsx): a chunk of its own, loaded only on a site with
// statistics (issue 48). Nothing moves when it shows: it is prerendered, and an inline check
// shows it before the first paint; after a choice the focus goes back where the reader was, else
// to the main content, never to the page's body.
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { Link } from '../router/Link.tsx';
import { useChrome } from '../Chrome.tsx';
import { preferredLocale } from '../../i18n/locales.ts';
import { CONSENT_ASK_ATTRIBUTE } from '../../routes/consent-check.ts';
import { consentTextsOf, type ConsentTexts } from '../../routes/consent-texts.ts';
import { CONSENT_CHANGE_EVENT, CONSENT_OPEN_EVENT } from './consent-events.ts';
import { readConsent, saveConsent, type ConsentChoice } from './consent-store.ts';
import type { BannerProps } from './ConsentBanner.tsx';

const noSubscription = () => () => undefined;

const subscribeConsent = (notify: () => void) => {
  window.addEventListener(CONSENT_CHANGE_EVENT, notify);
  return () => {
    window.removeEventListener(CONSENT_CHANGE_EVENT, notify);
  };
};

/** Shows or hides the prerendered banner (consent.css): the attribute the inline check sets. */
const markAsking = (asking: boolean) => {
  document.documentElement.toggleAttribute(CONSENT_ASK_ATTRIBUTE, asking);
};

interface BannerFormProps {
  texts: ConsentTexts;
  /** Whether statistics are ticked. */
  analytics: boolean;
  onAnalytics: (checked: boolean) => void;
  save: (choice: ConsentChoice) => void;
  title: RefObject<HTMLHeadingElement | null>;
}

/** The banner's text, its one choice and its three buttons. */
function BannerForm({ texts, analytics, onAnalytics, save, title }: BannerFormProps) {
  return (
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
              onAnalytics(event.target.checked);
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
  );
}

/**
 * Prerendered on a site with statistics, so that it is there from the first paint: the inline
 * consent check (src/routes/consent-check.ts) shows it before the page paints when the browser
 * holds no choice (`html[data-consent-ask]`); otherwise it stays hidden, and React removes it
 * once hydrated. React then keeps the attribute in step.
 */
export function Banner({ everyLanguage }: BannerProps) {
  const { chrome, t } = useChrome();
  // The prerender asks, in the page's language; the browser knows the choice and the reader's.
  const asks = useSyncExternalStore(
    subscribeConsent,
    () => readConsent() === null,
    () => true,
  );
  const language = useSyncExternalStore(
    noSubscription,
    () => (everyLanguage ? preferredLocale(navigator.languages) : chrome.language),
    () => chrome.language,
  );
  const texts = useMemo(
    () => everyLanguage?.[language] ?? consentTextsOf(t),
    [everyLanguage, language, t],
  );
  // "Cookie settings" brings the banner back over a choice already made; each time, the focus
  // goes to its title.
  const [settings, setSettings] = useState(false);
  const [reopened, setReopened] = useState(0);
  const [analytics, setAnalytics] = useState(false);
  const region = useRef<HTMLElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  // Where the focus was before it came into the banner.
  const cameFrom = useRef<Element | null>(null);

  useEffect(() => {
    // A choice the inline check took for one but is not (another policy version): ask after all.
    if (readConsent() === null) markAsking(true);
    const reopen = () => {
      setAnalytics(readConsent()?.analytics === true);
      setSettings(true);
      markAsking(true);
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
    markAsking(false);
    const back = cameFrom.current;
    const target =
      back instanceof HTMLElement && back.isConnected && !region.current?.contains(back)
        ? back
        : document.getElementById('main');
    target?.focus();
    setSettings(false);
  };

  const open = asks || settings;
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
      <BannerForm
        texts={texts}
        analytics={analytics}
        onAnalytics={setAnalytics}
        save={save}
        title={title}
      />
    </section>
  );
}
