// How the visitor asked to be answered, kept in plain beside the sealed values so that the desk
// can filter and see it in the inbox (issue 42): the contact form's "replyBy" (e-mail, phone, no
// answer), a callback request is a phone call, anything else asks for no answer. Whether the
// visitor can also read an answer on the follow-up page is the submission's follow-up code.
import type { CleanValues } from '../../src/forms/schema.ts';

export const REPLY_CHANNELS = ['email', 'phone', 'none'] as const;
export type ReplyChannel = (typeof REPLY_CHANNELS)[number];

/** The reply channel of a submission's values. */
export function replyChannelOf(values: Readonly<CleanValues>): ReplyChannel {
  const chosen = values.replyBy;
  if (chosen === 'email' || chosen === 'phone' || chosen === 'none') return chosen;
  if (chosen === undefined && typeof values.phone === 'string' && values.phone) return 'phone';
  return 'none';
}
