// Administrators: the audit log, as a page of its newest lines and as a whole CSV file. Reading
// it, either way, is a line of it too.
import type { FastifyPluginCallback } from 'fastify';
import { toCsv } from '../../forms/spreadsheet.ts';
import { audit, readAudit } from '../../storage/audit.ts';
import { auditPage } from '../pages/audit.ts';
import { ADMIN, contextOf, html, memberOf, sendsContent, type StaffDeps } from './context.ts';

const CSV_HEADER = [
  'at',
  'member_id',
  'member_email',
  'member_name',
  'action',
  'submission',
  'detail',
];

/** GET /staff/audit and /staff/audit/export. */
export const auditRoutes: FastifyPluginCallback<StaffDeps> = (app, { db }, pluginDone) => {
  app.get('/staff/audit/export', ADMIN, async (request, reply) => {
    const lines = await readAudit(db, 1_000_000);
    await audit(db, { memberId: memberOf(request).id, action: 'exported', detail: 'audit log' });
    const day = new Date().toISOString().slice(0, 10);
    const rows = [
      CSV_HEADER,
      ...lines.map((line) => [
        line.at,
        line.member_id ?? '',
        line.member_email ?? '',
        line.member_name ?? '',
        line.action,
        line.submission_id ?? '',
        line.detail,
      ]),
    ];
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
      .send(toCsv(rows));
  });

  app.get('/staff/audit', ADMIN, async (request, reply) => {
    // Reading the log is a line of it too (before it is read, so the page shows it).
    if (sendsContent(request)) {
      await audit(db, { memberId: memberOf(request).id, action: 'viewed', detail: 'audit log' });
    }
    return html(reply, 200, auditPage(contextOf(request), { lines: await readAudit(db, 500) }));
  });
  pluginDone();
};
