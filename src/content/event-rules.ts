// An event's rules that involve more than one field: the schema refuses a file that breaks them
// (the build), the editor an entry being saved (src/admin-preview/save-checks.ts).

/** The fields the rules read; an empty value counts as absent. */
export interface EventRuleFields {
  start: string;
  end?: string | undefined;
  place?: string | undefined;
  online?: boolean | undefined;
  onlineLink?: string | undefined;
}

/** A rule, the field its message is shown at, and the message. */
export interface EventRule {
  field: 'place' | 'end';
  message: string;
  holds: (event: EventRuleFields) => boolean;
}

const given = (value: unknown): boolean => value !== undefined && value !== '';

/**
 * How the site shows that an event is online (content/CONTENT-FORMAT.md): its https link to
 * join, or true when it is online with the link given in its text or later; undefined when not.
 */
export function onlineOf(
  event: Pick<EventRuleFields, 'online' | 'onlineLink'>,
): true | string | undefined {
  if (event.onlineLink !== undefined && event.onlineLink !== '') return event.onlineLink;
  return event.online === true ? true : undefined;
}

export const EVENT_RULES: readonly EventRule[] = [
  {
    field: 'place',
    message: 'an event needs a place, online, or both',
    holds: (event) => given(event.place) || onlineOf(event) !== undefined,
  },
  {
    field: 'end',
    message: 'end must not be before start',
    // Both are YYYY-MM-DD or YYYY-MM-DDTHH:MM (Brussels time): their text sorts as their time.
    holds: (event) => !given(event.end) || (event.end ?? '') >= event.start,
  },
];
