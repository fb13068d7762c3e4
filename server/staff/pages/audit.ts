// Administrators: the audit log's newest lines, and the link to the whole log as CSV.
import { createElement as h, Fragment } from 'react';
import type { AuditLine } from '../../storage/audit.ts';
import { documentOf, type PageContext } from './document.ts';
import { dataTable, dateTime } from './parts.ts';

export interface AuditPageData {
  lines: AuditLine[];
}

const COLUMNS = [
  'auditWhen',
  'auditWho',
  'auditEmail',
  'auditMemberId',
  'auditAction',
  'auditSubmission',
  'auditDetail',
] as const;

/** Admins: the newest lines of the audit log. */
export function auditPage(context: PageContext, data: AuditPageData): string {
  const { t, lang } = context;
  return documentOf(
    context,
    t('auditTitle'),
    h(
      Fragment,
      null,
      h('p', null, t('auditIntro', { count: data.lines.length })),
      h('p', null, h('a', { href: '/staff/audit/export', download: true }, t('auditExport'))),
      dataTable(
        { 'aria-label': t('auditTitle') },
        COLUMNS.map((key) => t(key)),
        data.lines.map((line) =>
          h(
            'tr',
            { key: line.id },
            h('td', null, h('time', { dateTime: line.at }, dateTime(line.at, lang))),
            h('td', null, line.member_name ?? '—'),
            h('td', null, line.member_email ?? ''),
            h('td', null, h('code', null, line.member_id ?? '')),
            h('td', null, line.action),
            h('td', null, line.submission_id ?? ''),
            h('td', null, line.detail),
          ),
        ),
      ),
    ),
  );
}
