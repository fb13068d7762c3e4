// Site header: site name, search link, language switch and the main navigation by need.
import { Link } from 'react-router';
import type { LangSlug } from '../routes/page-data.ts';
import { useChrome } from './Chrome.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { SearchForm } from './SearchForm.tsx';

export function Header({ langSlugs, showSearch }: { langSlugs: LangSlug[]; showSearch: boolean }) {
  const { chrome, t } = useChrome();
  const home = `/${chrome.language}`;
  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link className="site-header__name" to={home}>
          {chrome.siteName}
        </Link>
        {showSearch ? <SearchForm className="site-header__search" /> : null}
        <LanguageSwitch langSlugs={langSlugs} />
      </div>
      <nav className="main-nav" aria-label={t('nav.main')}>
        <ul className="main-nav__groups">
          {chrome.menus.main.map((group) => (
            <li key={group.label} className="main-nav__group">
              <span className="main-nav__label">{group.label}</span>
              <ul>
                {group.items.map((item) => (
                  <li key={item.path}>
                    <Link to={item.path}>{item.title}</Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
