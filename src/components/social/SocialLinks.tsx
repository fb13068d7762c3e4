// The footer's links to the site's own social-media accounts (content/site.yaml; none shown when
// none is configured) and the "Share this page" button.
import { lazy, Suspense } from 'react';
import { useChrome } from '../Chrome.tsx';
import { useHydrated } from '../useHydrated.ts';
import './social.css';

// Without the script there is nothing to open: the button comes once the footer has hydrated
// (when the browser is idle), with its chunk, which is in no page's first script (issue 48).
const ShareDialog = lazy(() => import('./ShareDialog.tsx'));

/** "Share this page", after hydration only. */
function Share() {
  return useHydrated() ? (
    <Suspense fallback={null}>
      <ShareDialog />
    </Suspense>
  ) : null;
}

const NETWORKS = [
  ['facebook', 'Facebook'],
  ['twitter', 'X (Twitter)'],
  ['instagram', 'Instagram'],
  ['linkedin', 'LinkedIn'],
] as const;

export function SocialLinks() {
  const { chrome, t } = useChrome();
  // Only the networks where the site has an account (content/site.yaml `social`).
  const accounts = NETWORKS.flatMap(([key, name]) => {
    const href = chrome.social[key];
    return href ? [{ key, name, href }] : [];
  });
  if (accounts.length === 0) {
    return (
      <div className="social">
        <Share />
      </div>
    );
  }
  return (
    <nav className="social" aria-label={t('social.follow')}>
      <ul className="footer-social">
        {accounts.map(({ key, name, href }) => (
          <li key={key}>
            <a href={href} rel="noopener" aria-label={t('social.linkLabel', { network: name })}>
              {name}
            </a>
          </li>
        ))}
      </ul>
      <Share />
    </nav>
  );
}
