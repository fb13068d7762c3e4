// The footer's links to the site's own social-media accounts (content/site.yaml; none shown when
// none is configured) and the "Share this page" button.
import { useChrome } from '../Chrome.tsx';
import { ShareDialog } from './ShareDialog.tsx';
import './social.css';

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
        <ShareDialog />
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
      <ShareDialog />
    </nav>
  );
}
