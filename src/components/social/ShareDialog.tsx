// "Share this page": a native modal <dialog> with copy link, e-mail and the networks' share URLs.
// A chunk of its own, rendered in the browser only (SocialLinks.tsx).
import { useRef, useState } from 'react';
import { useChrome } from '../Chrome.tsx';
import { shareableUrl, shareLinks } from './share-urls.ts';

/** The "Share this page" button and its dialog. */
export default function ShareDialog() {
  const { t } = useChrome();
  const dialog = useRef<HTMLDialogElement>(null);
  const [page, setPage] = useState({ url: '', title: '' });
  const [status, setStatus] = useState('');

  const open = () => {
    setPage({ url: shareableUrl(window.location), title: document.title });
    setStatus('');
    dialog.current?.showModal();
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(page.url);
      setStatus(t('social.copied'));
    } catch {
      setStatus(t('social.copyFailed'));
    }
  };
  const labels: Record<string, string> = {
    email: t('social.email'),
    facebook: t('social.shareOn', { network: 'Facebook' }),
    twitter: t('social.shareOn', { network: 'X (Twitter)' }),
    linkedin: t('social.shareOn', { network: 'LinkedIn' }),
  };

  return (
    <>
      <button type="button" className="social__share" onClick={open}>
        {t('social.share')}
      </button>
      <dialog
        ref={dialog}
        className="share"
        aria-labelledby="share-title"
        data-pagefind-ignore="all"
      >
        <h2 id="share-title" className="share__title">
          {t('social.share')}
        </h2>
        <p className="share__url">{page.url}</p>
        <ul className="share__links">
          <li>
            <button type="button" onClick={() => void copy()}>
              {t('social.copy')}
            </button>
          </li>
          {shareLinks(page.url, page.title).map((link) => (
            <li key={link.id}>
              <a
                href={link.href}
                rel="noopener"
                target={link.id === 'email' ? undefined : '_blank'}
              >
                {labels[link.id]}
              </a>
            </li>
          ))}
        </ul>
        <p role="status" className="share__status">
          {status}
        </p>
        <button type="button" className="share__close" onClick={() => dialog.current?.close()}>
          {t('social.close')}
        </button>
      </dialog>
    </>
  );
}
