// Secrets handed to a browser or a person (session cookies, invitation links): 32 random bytes;
// the database keeps only their SHA-256, so a copy of it opens no session and no invitation.
import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** A new secret token, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** What the database stores of a token. */
export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/** A row id. */
export const newId = (): string => randomUUID();
