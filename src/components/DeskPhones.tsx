// The desk's phone numbers with their languages, then 112: in the contact strip of every page
// and on a form's confirmation ("if it is urgent").
import { useChrome } from './Chrome.tsx';
import { SLOT, withLink } from './with-link.tsx';

/** The list of the desk's phones and the emergency number's paragraph. */
export function DeskPhones({ emergencyClassName }: { emergencyClassName?: string }) {
  const { chrome, t } = useChrome();
  const { contact } = chrome;
  return (
    <>
      <ul>
        {contact.phones.map((phone) => (
          <li key={phone.international}>
            {withLink(
              t('theme.contact.phone', { number: SLOT, languages: phone.languages }),
              <a href={`tel:${phone.international}`}>{phone.number}</a>,
            )}
          </li>
        ))}
      </ul>
      <p className={emergencyClassName}>
        {withLink(
          t('theme.contact.emergency', { number: SLOT }),
          <a href={`tel:${contact.emergency}`}>{contact.emergency}</a>,
        )}
      </p>
    </>
  );
}
