// The footer's "Cookie settings": brings the cookie banner back (the footer shows it on a site with
// optional cookies only: without them there is nothing to set).
import { useChrome } from '../Chrome.tsx';
import { openConsentSettings } from './consent-events.ts';

export function CookieSettingsButton() {
  const { t } = useChrome();
  // A button, not a link: it opens the banner and goes nowhere. Before hydration it does
  // nothing, and nothing optional is stored or loaded without the script anyway.
  return (
    <button type="button" className="footer-cookie-settings" onClick={openConsentSettings}>
      {t('consent.settings')}
    </button>
  );
}
