// Site header: site name, search, language switch and the main navigation, in one bar. The menu
// is a native popover behind a "Menu" button at every width (as GOV.UK's header): it opens
// without JavaScript and is drawn over the page rather than in the flow, so the header stays low
// (every page's title in view, issue 43) and keeps its height before and after hydration. The
// browser tells assistive technology whether the menu is open: HTML allows no aria-expanded
// beside popovertarget (issue 49), and none is needed.
import { useEffect, useRef } from 'react';
import { Link } from './router/Link.tsx';
import { useLocation } from './router/RouterProvider.tsx';
import type { LangSlug } from '../routes/page-data.ts';
import { useChrome } from './Chrome.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { SearchForm } from './SearchForm.tsx';

const MENU_ID = 'main-nav-menu';

export function Header({ langSlugs, showSearch }: { langSlugs: LangSlug[]; showSearch: boolean }) {
  const { chrome, t } = useChrome();
  const home = `/${chrome.language}`;
  const { pathname } = useLocation();
  const menu = useRef<HTMLUListElement>(null);

  // The browser opens and closes the popover (button, Escape, a tap outside). Following a link
  // closes it; focus then goes to the new page's content (Layout).
  useEffect(() => {
    const list = menu.current;
    if (list?.matches(':popover-open')) list.hidePopover();
  }, [pathname]);

  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link className="site-header__name" to={home}>
          {chrome.siteName}
        </Link>
        {showSearch ? <SearchForm className="site-header__search" /> : null}
        <LanguageSwitch langSlugs={langSlugs} />
        <nav className="main-nav" aria-label={t('nav.main')}>
          <button
            type="button"
            className="main-nav__toggle"
            popoverTarget={MENU_ID}
            aria-controls={MENU_ID}
          >
            {t('theme.menu')}
          </button>
          <ul className="main-nav__groups" id={MENU_ID} ref={menu} popover="auto">
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
      </div>
    </header>
  );
}
