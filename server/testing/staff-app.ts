// A back office on temporary storage, for tests: members and sessions are written straight into
// its database (the passkey ceremonies have tests of their own).
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FormsConfig } from '../forms/config.ts';
import { displayNameKey } from '../storage/back-office-migrations.ts';
import { createStaffApp, type StaffApp, type StaffAppOptions } from '../staff/app.ts';
import { openSession, SESSION_COOKIE } from '../staff/sessions.ts';
import { hashToken } from '../storage/tokens.ts';
import { testFormsConfig } from './forms-app.ts';

export const STAFF_TEST_ORIGIN = 'http://localhost:8081';

export interface StaffTestApp {
  app: StaffApp;
  config: FormsConfig;
  dir: string;
  /** Adds an active member `id`, named `id`, at `id`@example.be. */
  member: (id: string, role: 'agent' | 'admin') => Promise<void>;
  /** A session of a member, opened at `at`: the cookie header, its CSRF token, the token. */
  sessionOf: (
    memberId: string,
    at?: Date,
  ) => Promise<{ cookie: string; csrf: string; token: string }>;
  close: () => Promise<void>;
}

/** A back office on a temporary SQLite file and upload folder (or `config`'s). */
export async function createStaffTestApp(
  options: Partial<Omit<StaffAppOptions, 'forms'>> & { config?: Partial<FormsConfig> } = {},
): Promise<StaffTestApp> {
  const { config: overrides, ...appOptions } = options;
  const dir = await mkdtemp(join(tmpdir(), 'guichet-staff-'));
  const config = testFormsConfig(dir, overrides);
  await mkdir(config.uploadDir, { recursive: true });
  const app = await createStaffApp({
    origin: STAFF_TEST_ORIGIN,
    logLevel: 'silent',
    ...appOptions,
    forms: config,
  });
  const { db } = app.staffStorage;
  return {
    app,
    config,
    dir,
    member: async (id, role) => {
      await db
        .insertInto('staff_members')
        .values({
          id,
          email: `${id}@example.be`,
          display_name: id,
          name_key: displayNameKey(id),
          role,
          lang: 'en',
          created_at: new Date().toISOString(),
          revoked_at: null,
          oidc_issuer: null,
          oidc_subject: null,
        })
        .execute();
    },
    sessionOf: async (memberId, at = new Date()) => {
      const token = await openSession(db, memberId, at);
      const row = await db
        .selectFrom('staff_sessions')
        .select('csrf_token')
        .where('token_hash', '=', hashToken(token))
        .executeTakeFirstOrThrow();
      return { cookie: `${SESSION_COOKIE}=${token}`, csrf: row.csrf_token, token };
    },
    close: async () => {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
