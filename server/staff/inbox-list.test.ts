// The inbox list of issue 42 through the back office: the reply channel kept in plain at
// insert (and filled in for older rows by backfill-inbox), and the search in what visitors wrote
// over keyed tokens (ADR 0031): words, file names, accents and word forms, with the other
// filters and the pages, and nothing left of the tokens after an erasure; the preview of each
// row's message, on the page and in no log line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillInbox } from '../forms/backfill-inbox.ts';
import { insertSubmission, insertUpload, newUploadToken } from '../forms/store.ts';
import { createStaffTestApp, type StaffTestApp } from '../testing/staff-app.ts';
import { deleteSubmission } from '../forms/deletion.ts';
import { previewOf } from './inbox-preview.ts';

let staff: StaffTestApp;
const logLines: string[] = [];
const refs: Record<string, string> = {};

async function store(name: string, formId: string, values: Record<string, string>, file?: string) {
  const { db } = staff.app.staffStorage;
  const files: Record<string, string[]> = {};
  if (file) {
    const token = newUploadToken();
    await insertUpload(db, {
      token,
      form_id: formId,
      field: 'attachments',
      file_name: file,
      media_type: 'application/pdf',
      size: 10,
      created_at: new Date().toISOString(),
      submission_id: null,
      wrapped_key: null,
    });
    files.attachments = [token];
  }
  const result = await insertSubmission(db, {
    formId,
    lang: 'fr',
    values: { ...values, ...files },
    files,
    notify: false,
    masterKey: staff.config.masterKey,
  });
  if (!result.stored) throw new Error('not stored');
  refs[name] = result.reference;
}

beforeAll(async () => {
  staff = await createStaffTestApp({
    logLevel: 'info',
    logStream: { write: (line: string) => logLines.push(line) },
  });
  await staff.member('agent-1', 'agent');
  await store('kine', 'contact', {
    replyBy: 'email',
    email: 'marie@example.be',
    message: 'La facture du kinésithérapeute après l’attentat n’est pas remboursée.',
  });
  await store(
    'file',
    'contact',
    { replyBy: 'none', message: 'Voir pièce jointe.' },
    'Factuur-Ziekenhuis.pdf',
  );
  await store('call', 'callback', { name: 'Jan Peeters', phone: '0470 12 34 56' });
  // A row from before migration 0015-inbox: no channel, no tokens, its values in plain.
  await staff.app.staffStorage.db
    .insertInto('submissions')
    .values({
      id: 'OLD0-OLD0-01',
      form_id: 'contact',
      lang: 'de',
      data: JSON.stringify({ replyBy: 'phone', message: 'Die Physiotherapeutin in Brüssel' }),
      created_at: '2025-06-01T10:00:00.000Z',
      wrapped_key: null,
    })
    .execute();
});
afterAll(async () => {
  await staff.close();
});

/** The inbox's answer for a query: its status and the references it lists, in order. */
async function inbox(query: string) {
  const { cookie } = await staff.sessionOf('agent-1');
  const answer = await staff.app.inject({ url: `/staff?${query}`, headers: { cookie } });
  const references = [...answer.body.matchAll(/<a href="\/staff\/submissions\/([^"?]+)/g)].map(
    (match) => match[1],
  );
  return { status: answer.statusCode, references, body: answer.body };
}

describe('the reply channel', () => {
  it('is kept in plain at insert: the contact form’s choice, a callback’s phone', async () => {
    const rows = await staff.app.staffStorage.db
      .selectFrom('submissions')
      .select(['id', 'reply_channel'])
      .orderBy('id')
      .execute();
    expect(Object.fromEntries(rows.map((row) => [row.id, row.reply_channel]))).toEqual({
      [refs.kine ?? '']: 'email',
      [refs.file ?? '']: 'none',
      [refs.call ?? '']: 'phone',
      'OLD0-OLD0-01': null,
    });
  });

  it('filters the inbox and shows in its column; a row from before says it was not recorded', async () => {
    expect((await inbox('channel=phone')).references).toEqual([refs.call]);
    expect((await inbox('channel=email')).references).toEqual([refs.kine]);
    const { body } = await inbox('');
    expect(body).toContain('<th scope="col">Answer by</th>');
    expect(body).toContain('<td>No answer needed</td>');
    expect(body).toContain('<td>Not recorded</td>');
    // An unknown channel is no filter.
    expect((await inbox('channel=fax')).references).toHaveLength(4);
  });
});

describe('the preview of the visitor’s words', () => {
  it('shows the first words of the message on the row; a callback request has none', async () => {
    const { body } = await inbox('');
    expect(body).toContain(
      '<td class="preview">La facture du kinésithérapeute après l’attentat n’est pas remboursée.</td>',
    );
    expect(body).toContain('<td class="preview">Voir pièce jointe.</td>');
    const row = new RegExp(`${refs.call ?? ''}</a></th>(.*?)</tr>`).exec(body)?.[1];
    expect(row).toContain('<td class="preview"></td>');
    // Nothing of it in the server's log.
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toMatch(/facture|kinésithérapeute|remboursée/);
  });

  it('is cut at a word to 80 characters at most, whitespace folded', () => {
    const long = `Bonjour,\n\nje vous écris   au sujet ${'de la facture '.repeat(10)}`;
    const preview = previewOf(long);
    expect(preview).toBe(
      'Bonjour, je vous écris au sujet de la facture de la facture de la facture de la…',
    );
    expect(preview.length).toBeLessThanOrEqual(81);
    expect(previewOf('Court.')).toBe('Court.');
  });
});

describe('the search in what visitors wrote', () => {
  it('finds a word inside a message, whatever its case and accents, and by the start of a word', async () => {
    expect((await inbox('q=KINESITHERAPEUTE')).references).toEqual([refs.kine]);
    expect((await inbox('q=kiné')).references).toEqual([refs.kine]);
    expect((await inbox('q=remboursement')).references).toEqual([refs.kine]);
    expect((await inbox('q=attentat+facture')).references).toEqual([refs.kine]);
  });

  it('finds a file name and a name; a word of another submission finds only that one', async () => {
    expect((await inbox('q=ziekenhuis')).references).toEqual([refs.file]);
    expect((await inbox('q=peeters')).references).toEqual([refs.call]);
    expect((await inbox('q=kine+peeters')).references).toEqual([]);
    expect((await inbox('q=physiotherapie')).references).toEqual([]);
  });

  it('finds older rows once backfill-inbox has indexed them, and fills in their channel', async () => {
    const { db } = staff.app.staffStorage;
    expect(await backfillInbox(db, staff.config.masterKey)).toBe(1);
    expect((await inbox('q=physiotherapie')).references).toEqual(['OLD0-OLD0-01']);
    expect((await inbox('q=brussel')).references).toEqual(['OLD0-OLD0-01']);
    expect((await inbox('channel=phone')).references).toEqual([refs.call, 'OLD0-OLD0-01']);
    expect(await backfillInbox(db, staff.config.masterKey)).toBe(0);
  });

  it('keeps what was typed in the box, works with the other filters, and refuses words too short', async () => {
    const found = await inbox('q=facture&channel=email');
    expect(found.references).toEqual([refs.kine]);
    expect(found.body).toContain('name="q" value="facture"');
    expect((await inbox('q=facture&channel=none')).references).toEqual([]);
    const short = await inbox('q=de');
    expect(short.status).toBe(400);
    expect(short.body).toContain('Type at least one word of 3 letters or more.');
    expect(short.body).toContain('aria-invalid="true"');
  });

  it('carries the search across pages (cursor) and every match is listed once', async () => {
    const { db } = staff.app.staffStorage;
    await db
      .insertInto('submissions')
      .values(
        Array.from({ length: 60 }, (_, index) => ({
          id: `PAGE-${String(index).padStart(4, '0')}-X`,
          form_id: 'contact',
          lang: 'nl',
          data: JSON.stringify({ message: `Vraag ${String(index)} over de solidariteitsstatus` }),
          created_at: new Date(Date.UTC(2026, 1, 1, 0, index)).toISOString(),
          wrapped_key: null,
        })),
      )
      .execute();
    await backfillInbox(db, staff.config.masterKey);
    const first = await inbox('q=solidariteit');
    expect(first.references).toHaveLength(50);
    const next = /<a href="\/staff\?([^"]+)" rel="next"/.exec(first.body)?.[1];
    expect(next).toContain('q=solidariteit');
    const second = await inbox((next ?? '').replaceAll('&amp;', '&'));
    expect(second.references).toHaveLength(10);
    expect(new Set([...first.references, ...second.references]).size).toBe(60);
  });

  it('an erasure leaves none of the submission’s tokens', async () => {
    const { db } = staff.app.staffStorage;
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('submission_tokens')
            .select((eb) => eb.fn.countAll<number | string>().as('count'))
            .where('submission_id', '=', refs.kine ?? '')
            .executeTakeFirstOrThrow()
        ).count,
      );
    expect(await count()).toBeGreaterThan(20);
    await deleteSubmission(db, staff.config.uploadDir, refs.kine ?? '', {
      memberId: 'agent-1',
      action: 'deleted',
    });
    expect(await count()).toBe(0);
    expect((await inbox('q=kinesitherapeute')).references).toEqual([]);
  });
});

describe('sorting by a column', () => {
  it('links each sortable header, says which is sorted (aria-sort) and keeps the filters', async () => {
    const { body, references } = await inbox('sort=status&dir=asc&channel=none&q=voir');
    expect(references).toEqual([refs.file]);
    expect(body).toContain(
      '<th scope="col" aria-sort="ascending"><a href="/staff?channel=none&amp;q=voir&amp;sort=status&amp;dir=desc">Status</a></th>',
    );
    expect(body).toContain(
      '<th scope="col"><a href="/staff?channel=none&amp;q=voir&amp;sort=date&amp;dir=desc">Received</a></th>',
    );
    expect(body).toContain(
      '<th scope="col"><a href="/staff?channel=none&amp;q=voir&amp;sort=handler&amp;dir=asc">Handled by</a></th>',
    );
    expect(body).toContain('<th scope="col">Topic</th>');
  });

  it('carries the sort and the cursor of its value to the next page; a sort that is not one is the inbox’s order', async () => {
    const first = await inbox('sort=form&dir=desc');
    expect(first.references).toHaveLength(50);
    const next = /<a href="\/staff\?([^"]+)" rel="next"/.exec(first.body)?.[1] ?? '';
    expect(next).toMatch(/^sort=form&amp;dir=desc&amp;after=s\.[\w-]+%7E/);
    const second = await inbox(next.replaceAll('&amp;', '&'));
    expect(new Set([...first.references, ...second.references]).size).toBe(
      first.references.length + second.references.length,
    );
    expect((await inbox('sort=secret&dir=up')).references).toEqual((await inbox('')).references);
  });
});

describe('saved views', () => {
  const post = async (member: string, url: string, body: Record<string, string>, csrf = true) => {
    const session = await staff.sessionOf(member);
    return staff.app.inject({
      method: 'POST',
      url,
      headers: {
        cookie: session.cookie,
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
      },
      payload: new URLSearchParams({ ...body, ...(csrf ? { csrf: session.csrf } : {}) }).toString(),
    });
  };

  it('saves the filters under a name, without the search words nor what is not a filter, and finds it again', async () => {
    await staff.member('agent-2', 'agent');
    const saved = await post('agent-1', '/staff/views', {
      name: 'Mes rappels',
      query: 'channel=phone&q=peeters&evil=https://attacker.example&sort=date&dir=asc&page=9',
    });
    expect(saved.statusCode).toBe(303);
    const location = String(saved.headers.location);
    expect(location).toMatch(/^\/staff\?channel=phone&sort=date&dir=asc&view=[\w-]+$/);
    const page = await inbox(location.slice('/staff?'.length));
    expect(page.body).toContain('The view “Mes rappels” is saved.');
    expect(page.body).toContain(
      '<a href="/staff?channel=phone&amp;sort=date&amp;dir=asc">Mes rappels</a>',
    );
    expect(page.body).toContain('<a href="/staff?assignee=agent-1&amp;open=1">My open cases</a>');
    expect(page.body).toContain('<a href="/staff?overdue=1">Overdue</a>');
    const audit = await staff.app.staffStorage.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('action', '=', 'view-saved')
      .execute();
    expect(audit).toEqual([{ action: 'view-saved', detail: '' }]);
  });

  it('refuses a name that is empty or too long, keeping what was typed; refuses without CSRF', async () => {
    const empty = await post('agent-1', '/staff/views', { name: '   ', query: 'status=new' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Give the view a name of at most 60 characters.');
    const long = await post('agent-1', '/staff/views', { name: 'x'.repeat(61), query: '' });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain(`value="${'x'.repeat(61)}"`);
    const forged = await post('agent-1', '/staff/views', { name: 'Forged', query: '' }, false);
    expect(forged.statusCode).toBe(403);
  });

  it('a member deletes only their own view', async () => {
    const { db } = staff.app.staffStorage;
    const view = await db
      .selectFrom('saved_views')
      .select('id')
      .where('member_id', '=', 'agent-1')
      .executeTakeFirstOrThrow();
    const other = await post('agent-2', `/staff/views/${view.id}/delete`, {});
    expect(other.statusCode).toBe(404);
    expect(await db.selectFrom('saved_views').select('id').execute()).toHaveLength(1);
    const own = await post('agent-1', `/staff/views/${view.id}/delete`, {});
    expect(own.statusCode).toBe(303);
    expect(own.headers.location).toBe('/staff?view=deleted');
    expect(await db.selectFrom('saved_views').select('id').execute()).toHaveLength(0);
    expect((await inbox('view=deleted')).body).toContain('The view is deleted.');
  });

  it('the inbox leaves out the page feedback’s answers unless asked for', async () => {
    await store('feedback', 'feedback', {
      page: '/fr/aide',
      useful: 'no',
      missing: 'Rien sur la kiné',
    });
    expect((await inbox('q=kine')).references).toEqual([]);
    expect((await inbox('q=kine&feedback=1')).references).toEqual([refs.feedback]);
    expect((await inbox('q=kine&form=feedback')).references).toEqual([refs.feedback]);
  });
});
