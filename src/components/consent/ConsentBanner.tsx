// The cookie banner (ADR 0024; GOV.UK's cookie banner): shown only on a site with optional cookies
// (statistics), at the top of the page under "Leave this site", until the reader chooses. It is a
// region of the page, not a dialog: reading, searching and the keyboard go on around it. It
// speaks the page's language; on the language splash, the reader's browser's. Its code is a
// chunk of its own (Banner.tsx), which only a site with statistics loads: until it is there,
// React keeps the prerendered banner, which the inline check has shown or left hidden.
import { Suspense } from 'react';
import { useChrome } from '../Chrome.tsx';
import { deferred } from '../deferred.ts';
import type { LocaleId } from '../../i18n/locales.ts';
import { CONSENT_ASK_ATTRIBUTE } from '../../routes/consent-check.ts';
import type { ConsentTexts } from '../../routes/consent-texts.ts';
import { asksConsent } from './consent-events.ts';
import './consent.css';

export interface BannerProps {
  /** The splash's words in every language; other pages use their own catalog. */
  everyLanguage?: Record<LocaleId, ConsentTexts> | undefined;
}

const Banner = deferred(() => import('./Banner.tsx').then((module) => module.Banner));

/**
 * Starts loading the banner's code when the inline check has shown it, before the page hydrates:
 * a tap on it then hydrates it at once and counts (a tap on a part whose code is not there yet
 * is lost).
 */
export function preloadAskingBanner(): void {
  if (document.documentElement.hasAttribute(CONSENT_ASK_ATTRIBUTE)) void Banner.preload();
}

/** The banner on a site with statistics; nothing elsewhere. */
export function ConsentBanner(props: BannerProps) {
  const { chrome } = useChrome();
  return asksConsent(chrome) ? (
    <Suspense fallback={null}>
      <Banner {...props} />
    </Suspense>
  ) : null;
}
