// The footer's social-media links (URLs from content/site.yaml) and the "Share this page" button.
import { useChrome } from '../Chrome.tsx';
import { ShareDialog } from './ShareDialog.tsx';
import './Social.css';

const NETWORKS = [
  ['facebook', 'Facebook'],
  ['twitter', 'X (Twitter)'],
  ['instagram', 'Instagram'],
  ['linkedin', 'LinkedIn'],
] as const;

export function SocialLinks() {
  const { chrome, t } = useChrome();
  return (
    <nav className="social" aria-label={t('social.follow')}>
      <ul className="footer-social">
        {NETWORKS.map(([key, name]) => (
          <li key={key}>
            <a
              href={chrome.social[key]}
              rel="noopener"
              aria-label={t('social.linkLabel', { network: name })}
            >
              {name}
            </a>
          </li>
        ))}
      </ul>
      <ShareDialog />
    </nav>
  );
}
