// The footer's links to the site's own social-media accounts (content/site.yaml; none shown when
// none is configured) and the "Share this page" button.
import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { useChrome } from '../Chrome.tsx';
import { whenNear } from '../../runtime/when-near.ts';
import './social.css';

// Without the script there is nothing to open: the button comes with its chunk, which is in no
// page's first script, fetched once the footer has hydrated and the reader comes near it
// (issue 48): a reader who never scrolls down does not load it.
const ShareDialog = lazy(() => import('./ShareDialog.tsx'));

/** "Share this page", in the browser once `around` (the footer's links) is near the view. */
function Share({ around }: { around: RefObject<HTMLElement | null> }) {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = around.current;
    return element
      ? whenNear(element, () => {
          setNear(true);
        })
      : undefined;
  }, [around]);
  return near ? (
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
  const around = useRef<HTMLElement>(null);
  // Only the networks where the site has an account (content/site.yaml `social`).
  const accounts = NETWORKS.flatMap(([key, name]) => {
    const href = chrome.social[key];
    return href ? [{ key, name, href }] : [];
  });
  if (accounts.length === 0) {
    return (
      <div ref={around as RefObject<HTMLDivElement | null>} className="social">
        <Share around={around} />
      </div>
    );
  }
  return (
    <nav ref={around} className="social" aria-label={t('social.follow')}>
      <ul className="footer-social">
        {accounts.map(({ key, name, href }) => (
          <li key={key}>
            <a href={href} rel="noopener" aria-label={t('social.linkLabel', { network: name })}>
              {name}
            </a>
          </li>
        ))}
      </ul>
      <Share around={around} />
    </nav>
  );
}
