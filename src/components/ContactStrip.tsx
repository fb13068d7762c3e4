// The contact strip above the footer of every page: the central desk's first contact (from
// content/site.yaml) and the emergency number, because the most common need is to reach a person.
import { Link } from './router/Link.tsx';
import { useChrome } from './Chrome.tsx';
import { DeskPhones } from './DeskPhones.tsx';
import { SLOT, withLink } from './with-link.tsx';

/** The central desk's contact details and the emergency number. */
export function ContactStrip() {
  const { chrome, t } = useChrome();
  const { contact } = chrome;
  return (
    <aside className="contact-strip" aria-labelledby="contact-strip-title">
      <div className="contact-strip__inner">
        <h2 id="contact-strip-title">{t('theme.contact.title')}</h2>
        <div>
          <p>
            <strong>{contact.name}</strong>
          </p>
          <ul>
            <li>
              {withLink(
                t('theme.contact.email', { email: SLOT }),
                <a href={`mailto:${contact.email}`}>{contact.email}</a>,
              )}
            </li>
          </ul>
        </div>
        <div>
          <DeskPhones emergencyClassName="contact-strip__emergency" />
          <p>
            <Link to={contact.path}>{t('theme.contact.more')}</Link>
          </p>
        </div>
      </div>
    </aside>
  );
}
