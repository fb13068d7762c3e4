// "Leave this site" (GOV.UK's "Exit this page"): the button at the top of every page, first after
// the skip link and kept in view, with the link to "Staying safe online"; and the link hidden until
// focused at the start of the main content, for readers who skipped the header. Both are plain
// links to the neutral site: src/runtime/leave-site.ts gives them their behaviour, before and
// without React.
import { Link } from '../router/Link.tsx';
import { useChrome } from '../Chrome.tsx';

/** The attributes that make a link leave (LEAVE_SELECTOR), and keep the Referer from the neutral site. */
function useLeaveLink() {
  const { chrome } = useChrome();
  return {
    href: chrome.leaveSite.url,
    rel: 'noreferrer',
    referrerPolicy: 'no-referrer',
    'data-leave-site': '',
  } as const;
}

/** The bar at the top of every page. */
export function LeaveSiteBar() {
  const { chrome, t } = useChrome();
  const leave = useLeaveLink();
  return (
    <div className="leave-site" data-pagefind-ignore="all">
      <a
        {...leave}
        className="leave-site__button"
        // What leave-site.ts says while Shift is pressed, in the page's language.
        data-two-more={t('leave.twoMore')}
        data-one-more={t('leave.oneMore')}
      >
        {t('leave.button')}
      </a>
      <p className="leave-site__help">
        <span className="leave-site__hint">{t('leave.hint')} </span>
        <Link to={chrome.leaveSite.safety.path}>{chrome.leaveSite.safety.title}</Link>
      </p>
    </div>
  );
}

/** The link for assistive technology at the start of the main content, shown when focused. */
export function LeaveSiteLink() {
  const { t } = useChrome();
  const leave = useLeaveLink();
  return (
    <a {...leave} className="skip-link leave-site__skip">
      {t('leave.button')}
    </a>
  );
}
