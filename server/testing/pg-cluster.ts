// A throwaway PostgreSQL cluster for tests and benchmarks, made with the machine's own initdb and
// pg_ctl (/usr/lib/postgresql/*/bin; `.ci/run` installs Debian's postgresql when it is missing).
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.ts';

/** The bin folder of the newest installed PostgreSQL, or undefined. */
export function postgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((version) => existsSync(join(base, version, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(base, versions[0], 'bin');
}

/** initdb refuses to run as root: then the cluster belongs to the "postgres" user (or nobody). */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const passwd = readFileSync('/etc/passwd', 'utf8').split('\n');
  const entry = ['postgres', 'nobody']
    .map((name) => passwd.find((line) => line.startsWith(`${name}:`)))
    .find(Boolean);
  const [, , uid = '65534', gid = '65534'] = entry?.split(':') ?? [];
  return { uid: Number(uid), gid: Number(gid) };
}

export interface PostgresCluster {
  /** The URL of its "postgres" database. */
  url: string;
  /** Creates an empty database in the cluster; resolves with its URL. */
  createDatabase: (name: string) => Promise<string>;
  stop: () => Promise<void>;
}

/** Creates and starts a cluster on a free local port; stop() removes it. */
export async function startPostgres(): Promise<PostgresCluster> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed: no /usr/lib/postgresql/*/bin/initdb');
  const dir = await mkdtemp(join(tmpdir(), 'guichet-pg-'));
  const user = runAs();
  if (user) chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  const options = { stdio: 'pipe' as const, ...(user ?? {}) };
  execFileSync(
    join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'],
    options,
  );
  const port = await freePort();
  execFileSync(
    join(bin, 'pg_ctl'),
    [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`,
      'start',
    ],
    options,
  );
  const url = `postgres://postgres@127.0.0.1:${String(port)}/postgres`;
  return {
    url,
    createDatabase: async (name) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`create database ${pg.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return url.replace(/\/postgres$/, `/${name}`);
    },
    stop: async () => {
      spawnSync(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], options);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
