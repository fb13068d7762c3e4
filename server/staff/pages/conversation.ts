// A submission's conversation on its page (issue 41): the messages in order, the composer that
// answers the visitor (on the follow-up page, by e-mail, or a phone call logged) from a template
// or not, and the desk's message for the visitor shown on the follow-up page.
import { createElement as h, type ReactNode } from 'react';
import { formatSize } from '../../../src/forms/format-size.ts';
import type { ConversationMessage } from '../../follow-up/conversation.ts';
import type { AnswerTemplate } from '../templates.ts';
import type { PageContext } from './document.ts';
import { languageName } from './labels.ts';
import { dateTime, field, postForm } from './parts.ts';

export interface ConversationData {
  messages: ConversationMessage[];
  /** The visitor has a follow-up code: the follow-up page is a channel. */
  hasCode: boolean;
  /** The visitor chose e-mail and gave an address. */
  canEmail: boolean;
  visitorLang: string;
  /** When the visitor last wrote back, unanswered. */
  visitorWroteAt: string | null;
  deskNotice: string | null;
  templates: AnswerTemplate[];
  /** The composer's text: a template just chosen, or what was typed when refused. */
  draft: { text: string; channel?: string; error?: string } | null;
}

const section = (id: string, heading: string, ...children: ReactNode[]) =>
  h('section', { 'aria-labelledby': id }, h('h2', { id }, heading), ...children);

/** The messages, oldest first, each with who, how and when. */
function messageList(context: PageContext, data: ConversationData, base: string) {
  const { t, lang } = context;
  if (!data.messages.length) return h('p', null, t('conversationEmpty'));
  return h(
    'ol',
    { className: 'notes conversation' },
    data.messages.map((message) =>
      h(
        'li',
        { key: message.id, className: `conversation__${message.author}` },
        h(
          'p',
          { className: 'notes__meta' },
          t('messageMeta', {
            author:
              message.author === 'visitor'
                ? t('fromVisitor')
                : (message.memberName ?? t('someone')),
            channel: t(`channel_${message.channel}`),
            date: dateTime(message.at, lang),
          }),
        ),
        h(
          'p',
          {
            className: 'notes__text',
            lang: message.author === 'visitor' ? data.visitorLang : undefined,
          },
          message.text,
        ),
        message.files.length
          ? h(
              'ul',
              null,
              message.files.map((file) =>
                h(
                  'li',
                  { key: file.token },
                  h(
                    'a',
                    { href: `${base}/files/${file.token}`, download: file.name },
                    t('download', { name: file.name, size: formatSize(file.size, lang) }),
                  ),
                ),
              ),
            )
          : null,
      ),
    ),
  );
}

/** "Start from a template": a GET form, so it works without script and keeps nothing typed. */
function templatePicker(context: PageContext, data: ConversationData, base: string) {
  const { t } = context;
  if (!data.templates.length) return h('p', null, t('templateNone'));
  return h(
    'form',
    { method: 'get', action: base, className: 'inline' },
    field(
      h('label', { htmlFor: 'template' }, t('templateLabel')),
      h(
        'select',
        { id: 'template', name: 'template' },
        data.templates.map((template) =>
          h('option', { key: template.id, value: template.id }, template.title),
        ),
      ),
    ),
    h('button', { type: 'submit' }, t('templateInsert')),
  );
}

/** The channel radios: those the visitor can be reached by, and a logged call. */
function channelChoice(context: PageContext, data: ConversationData) {
  const { t } = context;
  const channels: [string, string][] = [
    ...(data.hasCode ? [['page', t('answerByPage')] as [string, string]] : []),
    ...(data.canEmail ? [['email', t('answerByEmail')] as [string, string]] : []),
    ['phone', t('answerByPhone')],
  ];
  const chosen = data.draft?.channel ?? channels[0]?.[0];
  return h(
    'fieldset',
    null,
    h('legend', null, t('answerChannel')),
    channels.map(([value, label]) =>
      h(
        'p',
        { key: value, className: 'choice' },
        h('input', {
          type: 'radio',
          id: `channel-${value}`,
          name: 'channel',
          value,
          defaultChecked: value === chosen,
        }),
        ' ',
        h('label', { htmlFor: `channel-${value}` }, label),
      ),
    ),
  );
}

/** The conversation, the composer and the message for the visitor. */
export function conversationSections(context: PageContext, data: ConversationData, base: string) {
  const { t, lang, session } = context;
  const error = data.draft?.error;
  return [
    section(
      'conversation',
      t('conversation'),
      data.visitorWroteAt
        ? h(
            'p',
            { className: 'wrote-back' },
            t('visitorWroteBack', { date: dateTime(data.visitorWroteAt, lang) }),
          )
        : null,
      messageList(context, data, base),
    ),
    section(
      'answer',
      t('answerHeading'),
      h('p', null, t('answerLanguage', { language: languageName(t, data.visitorLang) })),
      data.hasCode ? null : h('p', null, t('answerNoCode')),
      templatePicker(context, data, base),
      postForm(
        session,
        `${base}/answer`,
        undefined,
        field(
          h('label', { htmlFor: 'answer-text' }, t('answerText')),
          error ? h('span', { id: 'answer-error', className: 'error' }, error) : null,
          h('textarea', {
            id: 'answer-text',
            name: 'text',
            rows: 8,
            lang: data.visitorLang,
            defaultValue: data.draft?.text ?? '',
            ...(error ? { 'aria-invalid': true, 'aria-describedby': 'answer-error' } : {}),
          }),
        ),
        channelChoice(context, data),
        h('button', { type: 'submit' }, t('answerSend')),
      ),
    ),
    data.hasCode
      ? section(
          'notice',
          t('noticeHeading'),
          postForm(
            session,
            `${base}/notice`,
            undefined,
            field(
              h('label', { htmlFor: 'notice-text' }, t('noticeHeading')),
              h('span', { id: 'notice-help', className: 'help' }, t('noticeHelp')),
              h('textarea', {
                id: 'notice-text',
                name: 'text',
                rows: 3,
                lang: data.visitorLang,
                defaultValue: data.deskNotice ?? '',
                'aria-describedby': 'notice-help',
              }),
            ),
            h('button', { type: 'submit' }, t('noticeSave')),
          ),
        )
      : null,
  ];
}
