// Site footer: legal links (privacy, disclaimer, accessibility, cookies) and the copyright line.
// The consent work adds a `.footer-cookie-settings` button and a `.footer-social` list here.
import { Link } from 'react-router';
import { useChrome } from './Chrome.tsx';

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
          </ul>
        </nav>
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
