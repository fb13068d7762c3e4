// The frame of every back-office page: the document with its head, the skip link, the bar with
// the navigation, the language form and sign-out (for a signed-in member), and the main region
// with the page's heading. Rendered on the server with React's createElement (ADR 0027).
import { createElement as h, Fragment, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { STAFF_LANGUAGES, type StaffLanguage, type StaffTranslate } from '../messages.ts';
import type { StaffSession } from '../sessions.ts';
import { postForm } from './parts.ts';
import { languageName } from './labels.ts';

/** What every page is rendered with: the member's texts and language, and their session. */
export interface PageContext {
  t: StaffTranslate;
  lang: StaffLanguage;
  session: StaffSession | null;
}

/** The bar's navigation, language form and sign-out, for a signed-in member. */
function memberBar(context: PageContext, session: StaffSession) {
  const { t, lang } = context;
  return h(
    'nav',
    { 'aria-label': t('appName') },
    h('a', { href: '/staff' }, t('navInbox')),
    h('a', { href: '/staff/overview' }, t('navOverview')),
    session.member.role === 'admin'
      ? h(
          Fragment,
          null,
          h('a', { href: '/staff/members' }, t('navMembers')),
          h('a', { href: '/staff/audit' }, t('navAudit')),
          h('a', { href: '/staff/templates' }, t('navTemplates')),
        )
      : null,
    h('span', { className: 'bar__who' }, t('signedInAs', { name: session.member.display_name })),
    postForm(
      session,
      '/staff/language',
      'bar__form',
      h('label', { htmlFor: 'staff-language' }, t('language')),
      h(
        'select',
        { id: 'staff-language', name: 'lang', defaultValue: lang },
        STAFF_LANGUAGES.map((id) =>
          h('option', { key: id, value: id, lang: id }, languageName(t, id)),
        ),
      ),
      h('button', { type: 'submit' }, t('changeLanguage')),
    ),
    postForm(
      session,
      '/staff/sign-out',
      'bar__form',
      h('button', { type: 'submit' }, t('signOut')),
    ),
  );
}

/** A whole HTML document around a page's main content. */
export function documentOf(
  context: PageContext,
  title: string,
  main: ReactNode,
  scripts: string[] = [],
): string {
  const { t, lang, session } = context;
  const page = h(
    'html',
    { lang },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('meta', { name: 'robots', content: 'noindex, nofollow' }),
      h('title', null, `${title} – ${t('appName')}`),
      h('link', { rel: 'stylesheet', href: '/staff/assets/staff.css' }),
      ...scripts.map((src) => h('script', { key: src, src, defer: true })),
    ),
    h(
      'body',
      null,
      h('a', { className: 'skip', href: '#main' }, t('skip')),
      h(
        'header',
        { className: 'bar' },
        h('p', { className: 'bar__name' }, t('appName')),
        session ? memberBar(context, session) : null,
      ),
      h('main', { id: 'main', tabIndex: -1 }, h('h1', null, title), main),
    ),
  );
  return `<!doctype html>${renderToStaticMarkup(page)}`;
}
