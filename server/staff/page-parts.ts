// Small parts every back-office page module uses: dates as the desk reads them, and the hidden
// CSRF field each form carries.
import { createElement as h } from 'react';
import type { StaffLanguage } from './messages.ts';
import type { StaffSession } from './sessions.ts';

/** A date and time in Brussels, in the member's language. */
export const dateTime = (iso: string, lang: StaffLanguage): string =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : `${lang}-BE`, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Brussels',
  }).format(new Date(iso));

/** The session's CSRF token as the hidden field every form carries. */
export const csrfField = (session: StaffSession | null) =>
  session ? h('input', { type: 'hidden', name: 'csrf', value: session.csrfToken }) : null;
