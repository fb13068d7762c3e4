// Site header: site name, search, language switch and the main navigation, which is a
// disclosure menu on small screens (open until hydration, so it works without JavaScript).
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { LangSlug } from '../routes/page-data.ts';
import { useChrome } from './Chrome.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { SearchForm } from './SearchForm.tsx';
import { useHydrated } from './useHydrated.ts';

export function Header({ langSlugs, showSearch }: { langSlugs: LangSlug[]; showSearch: boolean }) {
  const { chrome, t } = useChrome();
  const home = `/${chrome.language}`;
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  // The menu is open for the page it was opened on: following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;

  const toggle = useRef<HTMLButtonElement>(null);

  // Escape closes the open menu from anywhere in it and gives focus back to its button.
  useEffect(() => {
    if (!open) return undefined;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link className="site-header__name" to={home}>
          {chrome.siteName}
        </Link>
        {showSearch ? <SearchForm className="site-header__search" /> : null}
        <LanguageSwitch langSlugs={langSlugs} />
      </div>
      <nav
        className="main-nav"
        aria-label={t('nav.main')}
        data-collapsible={hydrated ? '' : undefined}
      >
        {hydrated ? (
          <button
            ref={toggle}
            type="button"
            className="main-nav__toggle"
            aria-expanded={open}
            aria-controls="main-nav-menu"
            onClick={() => {
              setOpenOn(open ? null : pathname);
            }}
          >
            {t('theme.menu')}
          </button>
        ) : null}
        <ul className="main-nav__groups" id="main-nav-menu">
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
