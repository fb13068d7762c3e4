// Breadcrumbs: Home › section › page. The section is the main-menu group of a content page, or
// the listing (news, agenda…) a page sits under; the current page is marked aria-current="page".
import { Link } from './router/Link.tsx';
import { useLocation } from './router/RouterProvider.tsx';
import { useChrome } from './Chrome.tsx';

type Crumb = { title: string; path?: string };

/** The trail of the current page, or null on the home page. */
export function Breadcrumbs(props: { title: string; parent?: Crumb | undefined }) {
  const { title } = props;
  const { chrome, t } = useChrome();
  const { pathname } = useLocation();
  const home = `/${chrome.language}`;
  if (pathname === home || pathname === '/') return null;

  const items = chrome.menus.main.flatMap((group) =>
    group.items.map((item) => ({ group: group.label, ...item })),
  );
  const inMenu = items.find((item) => item.path === pathname);
  const parent =
    props.parent ??
    [...items, ...chrome.menus.footer].find((item) => pathname.startsWith(`${item.path}/`));
  const trail: Crumb[] = [{ title: t('nav.home'), path: home }];
  if (inMenu) trail.push({ title: inMenu.group });
  else if (parent) trail.push({ title: parent.title, path: parent.path });

  return (
    <nav className="breadcrumbs" aria-label={t('theme.breadcrumbs')}>
      <ol>
        {trail.map((crumb) => (
          <li key={crumb.title}>
            {crumb.path ? <Link to={crumb.path}>{crumb.title}</Link> : crumb.title}
          </li>
        ))}
        <li>
          <span aria-current="page">{title}</span>
        </li>
      </ol>
    </nav>
  );
}
