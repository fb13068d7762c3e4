// <Link> renders a real <a href> and navigates in the app only on a plain click, as React
// Router's does: modifier keys, another button, a target or a download stay the browser's.
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStaticRouter, type Router } from '../../runtime/router.ts';
import { Link } from './Link.tsx';
import { RouterProvider } from './RouterProvider.tsx';

const setup = (link: React.ReactElement) => {
  const router: Router<null> = createStaticRouter('/en/news?page=2', null);
  const navigate = vi.fn(() => Promise.resolve());
  render(<RouterProvider router={{ ...router, navigate }}>{link}</RouterProvider>);
  return { navigate, anchor: screen.getByRole('link') };
};

// fireEvent returns false when the default action was prevented.
const followed = (anchor: HTMLElement, init: MouseEventInit = {}) =>
  !fireEvent.click(anchor, { button: 0, ...init });

afterEach(() => {
  document.body.innerHTML = '';
});

describe('Link', () => {
  it('renders the resolved address as its href', () => {
    expect(setup(<Link to={{ hash: 'list' }}>List</Link>).anchor.getAttribute('href')).toBe(
      '/en/news#list',
    );
    document.body.innerHTML = '';
    expect(setup(<Link to="/en/agenda">Agenda</Link>).anchor.getAttribute('href')).toBe(
      '/en/agenda',
    );
  });

  it('navigates in the app on a plain click, with its options', () => {
    const { anchor, navigate } = setup(
      <Link to="/en/agenda" preventScrollReset>
        Agenda
      </Link>,
    );
    expect(followed(anchor)).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/en/agenda', {
      replace: false,
      preventScrollReset: true,
      state: undefined,
    });
  });

  it('replaces the entry when it leads where the reader already is', () => {
    const { anchor, navigate } = setup(<Link to="/en/news?page=2">Page 2</Link>);
    followed(anchor);
    expect(navigate).toHaveBeenCalledWith('/en/news?page=2', { replace: true, state: undefined });
  });

  it.each([
    ['the Ctrl key', { ctrlKey: true }],
    ['the Meta key', { metaKey: true }],
    ['the Shift key', { shiftKey: true }],
    ['the Alt key', { altKey: true }],
    ['the middle button', { button: 1 }],
  ])('leaves a click with %s to the browser', (_, init) => {
    const { anchor, navigate } = setup(<Link to="/en/agenda">Agenda</Link>);
    expect(followed(anchor, init)).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each([
    ['a target', { target: '_blank' }],
    ['a download', { download: 'agenda.ics' }],
  ])('leaves a link with %s to the browser', (_, props) => {
    const { anchor, navigate } = setup(
      <Link to="/en/agenda.ics" {...props}>
        Agenda
      </Link>,
    );
    expect(followed(anchor)).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves an address on another site to the browser', () => {
    const { anchor, navigate } = setup(<Link to="https://example.org/help">Help</Link>);
    expect(anchor.getAttribute('href')).toBe('https://example.org/help');
    expect(followed(anchor)).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does nothing more when its own onClick prevented the default', () => {
    const { anchor, navigate } = setup(
      <Link
        to="/en/agenda"
        onClick={(event) => {
          event.preventDefault();
        }}
      >
        Agenda
      </Link>,
    );
    followed(anchor);
    expect(navigate).not.toHaveBeenCalled();
  });
});
