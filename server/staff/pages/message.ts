// A page that only says something: not found, not allowed, an error, the wrong host.
import { createElement as h, Fragment } from 'react';
import { documentOf, type PageContext } from './document.ts';

/** A page with a title and one sentence; a signed-in member gets a link back to the inbox. */
export function messagePage(context: PageContext, title: string, text: string): string {
  return documentOf(
    context,
    title,
    h(
      Fragment,
      null,
      h('p', null, text),
      context.session ? h('p', null, h('a', { href: '/staff' }, context.t('backToInbox'))) : null,
    ),
  );
}
