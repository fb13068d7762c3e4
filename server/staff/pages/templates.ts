// Administrators' answer templates (issue 41): the templates of each language with a delete
// button each, and the form that adds one (with what was typed, when refused).
import { createElement as h, Fragment } from 'react';
import { STAFF_LANGUAGES } from '../messages.ts';
import type { AnswerTemplate } from '../templates.ts';
import { TEMPLATE_BODY_MAX } from '../templates.ts';
import { documentOf, type PageContext } from './document.ts';
import { languageName } from './labels.ts';
import { doneStatus, field, postForm } from './parts.ts';

export interface TemplatesPageData {
  templates: AnswerTemplate[];
  done?: string;
  /** A template that could not be added, with what was typed. */
  refused?: { lang: string; title: string; body: string; error: string };
}

/** The templates page. */
export function templatesPage(context: PageContext, data: TemplatesPageData): string {
  const { t, session } = context;
  const refused = data.refused;
  const invalid = refused
    ? { 'aria-invalid': true as const, 'aria-describedby': 'template-error' }
    : {};
  return documentOf(
    context,
    t('templatesTitle'),
    h(
      Fragment,
      null,
      doneStatus(data.done),
      h('p', null, t('templatesHelp', { reference: '{reference}' })),
      ...STAFF_LANGUAGES.map((lang) => {
        const own = data.templates.filter((template) => template.lang === lang);
        return h(
          'section',
          { key: lang, 'aria-labelledby': `templates-${lang}` },
          h('h2', { id: `templates-${lang}` }, languageName(t, lang)),
          own.length
            ? h(
                'ul',
                { className: 'notes' },
                own.map((template) =>
                  h(
                    'li',
                    { key: template.id },
                    h('p', { className: 'notes__meta' }, template.title),
                    h('p', { className: 'notes__text', lang }, template.body),
                    postForm(
                      session,
                      `/staff/templates/${template.id}/delete`,
                      undefined,
                      h(
                        'button',
                        { type: 'submit' },
                        t('templateDelete', { title: template.title }),
                      ),
                    ),
                  ),
                ),
              )
            : h('p', null, t('templatesEmpty')),
        );
      }),
      h(
        'section',
        { 'aria-labelledby': 'template-new' },
        h('h2', { id: 'template-new' }, t('templateNew')),
        postForm(
          session,
          '/staff/templates',
          undefined,
          refused ? h('p', { id: 'template-error', className: 'error' }, refused.error) : null,
          field(
            h('label', { htmlFor: 'template-lang' }, t('language')),
            h(
              'select',
              { id: 'template-lang', name: 'lang', defaultValue: refused?.lang ?? context.lang },
              STAFF_LANGUAGES.map((lang) =>
                h('option', { key: lang, value: lang, lang }, languageName(t, lang)),
              ),
            ),
          ),
          field(
            h('label', { htmlFor: 'template-title' }, t('templateTitle')),
            h('input', {
              id: 'template-title',
              name: 'title',
              defaultValue: refused?.title ?? '',
              ...invalid,
            }),
          ),
          field(
            h('label', { htmlFor: 'template-body' }, t('templateBody')),
            h('textarea', {
              id: 'template-body',
              name: 'body',
              rows: 8,
              maxLength: TEMPLATE_BODY_MAX,
              defaultValue: refused?.body ?? '',
              ...invalid,
            }),
          ),
          h('button', { type: 'submit' }, t('templateAdd')),
        ),
      ),
    ),
  );
}
