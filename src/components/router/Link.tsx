// A link that navigates through the router: a real <a href>, and a click that the browser keeps
// when the reader asks for more than following it (a modifier key, another button, a target, a
// download), as React Router's <Link> does.
import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import type { To } from '../../runtime/router.ts';
import { createPath, resolveTo } from '../../runtime/router.ts';
import { useLocation, useRouter } from './RouterProvider.tsx';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  preventScrollReset?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement> | undefined;
}

// An address with a scheme or `//`: left to the browser.
const ABSOLUTE = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/** True when a click on a link is a plain "follow it here" that the router may take over. */
export function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const { target } = event.currentTarget;
  return (
    event.button === 0 &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
    (!target || target === '_self') &&
    !event.currentTarget.hasAttribute('download')
  );
}

/** An in-site link; its attributes come before `href` in the HTML, as React Router wrote them. */
export function Link({
  to,
  replace,
  preventScrollReset,
  state,
  onClick,
  children,
  ...rest
}: LinkProps) {
  const router = useRouter();
  const location = useLocation();
  if (typeof to === 'string' && ABSOLUTE.test(to))
    return (
      <a {...rest} href={to} onClick={onClick}>
        {children}
      </a>
    );
  const path = resolveTo(to, location);
  const href = createPath(path);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainClick(event)) return;
    event.preventDefault();
    void router.navigate(href, {
      // A link to where the reader already is replaces the entry instead of adding one.
      replace: replace ?? createPath(location) === href,
      ...(preventScrollReset === undefined ? {} : { preventScrollReset }),
      state,
    });
  };
  return (
    <a {...rest} href={href} onClick={handleClick}>
      {children}
    </a>
  );
}
