// Site footer: safety and legal links (privacy, disclaimer…), cookie settings (when the site has
// optional cookies), social links and the
// copyright line.
import { Link } from './router/Link.tsx';
import { useChrome } from './Chrome.tsx';
import { CookieSettingsButton } from './consent/CookieSettingsButton.tsx';
import { asksConsent } from './consent/consent-events.ts';
import { SocialLinks } from './social/SocialLinks.tsx';

export function Footer() {
  const { chrome, t } = useChrome();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <nav aria-label={t('footer.legal')}>
          <ul className="site-footer__links">
            {chrome.menus.footer.map((item) => (
              <li key={item.path}>
                <Link to={item.path}>{item.title}</Link>
              </li>
            ))}
            {asksConsent(chrome) ? (
              <li>
                <CookieSettingsButton />
              </li>
            ) : null}
          </ul>
        </nav>
        <SocialLinks />
        <p className="site-footer__copyright">
          {t('footer.copyright', {
            year: String(chrome.year),
            administration: chrome.administrationName,
          })}
        </p>
      </div>
    </footer>
  );
}
