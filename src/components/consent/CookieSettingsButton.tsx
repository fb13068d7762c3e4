// The footer's "Cookie settings": reopens the consent dialog on every page.
import { useChrome } from '../Chrome.tsx';
import { openConsentSettings } from './consent-store.ts';
import './consent.css';

export function CookieSettingsButton() {
  const { t } = useChrome();
  // A button, not a link: it opens a dialog and goes nowhere. Before hydration it does nothing,
  // and nothing optional is stored or loaded without the script anyway.
  return (
    <button type="button" className="footer-cookie-settings" onClick={openConsentSettings}>
      {t('consent.settings')}
    </button>
  );
}
