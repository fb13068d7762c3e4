// Messages keep a link's place with a slot (ICU placeholders cannot hold elements): the
// translated text is split there and the link put in between.
import type { ReactElement, ReactNode } from 'react';

/** The placeholder value that marks where the link goes. */
export const SLOT = '\u0000';

/** The text with the link in place of its slot. */
export function withLink(text: string, link: ReactElement): ReactNode {
  const [before = '', after = ''] = text.split(SLOT);
  return (
    <>
      {before}
      {link}
      {after}
    </>
  );
}
