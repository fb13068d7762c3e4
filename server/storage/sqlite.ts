// Kysely's SqliteDialect on Node's built-in node:sqlite (no native addon to download): an
// adapter from DatabaseSync to the better-sqlite3 shape the dialect expects.
// SQLite undoes a whole transaction by itself on some errors (SQLITE_FULL, SQLITE_IOERR,
// SQLITE_NOMEM …); Kysely's ROLLBACK that follows then fails with "cannot rollback - no
// transaction is active" and is thrown instead of the real error. The adapter skips that
// ROLLBACK, so the error that caused it reaches the caller and the log.
import { closeSync, openSync } from 'node:fs';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';

/** How long a statement waits for another connection's write lock. */
export const BUSY_TIMEOUT_MS = 5000;

// node:sqlite binds numbers, bigints, strings, bytes and null; booleans become 0 and 1.
const bindable = (parameters: readonly unknown[]): SQLInputValue[] =>
  parameters.map((value) => {
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (value === undefined) return null;
    return value as SQLInputValue;
  });

class Statement implements SqliteStatement {
  readonly reader: boolean;
  private readonly statement: StatementSync;
  constructor(statement: StatementSync) {
    this.statement = statement;
    this.reader = statement.columns().length > 0;
  }
  all(parameters: readonly unknown[]): unknown[] {
    return this.statement.all(...bindable(parameters));
  }
  run(parameters: readonly unknown[]) {
    const { changes, lastInsertRowid } = this.statement.run(...bindable(parameters));
    return { changes, lastInsertRowid };
  }
  iterate(parameters: readonly unknown[]): IterableIterator<unknown> {
    return this.statement.iterate(...bindable(parameters));
  }
}

/**
 * Opens a SQLite file in WAL mode with durable commits (synchronous=FULL), deleted content
 * overwritten with zeros (secure_delete: erasure.ts). A new file is created readable by its
 * owner only, whatever the umask; SQLite gives its WAL and shared-memory files the same mode.
 */
export function openSqlite(file: string): DatabaseSync {
  if (file !== ':memory:') {
    try {
      closeSync(openSync(file, 'wx', 0o600));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const database = new DatabaseSync(file);
  database.exec(
    `PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = ${String(BUSY_TIMEOUT_MS)}; PRAGMA foreign_keys = ON; PRAGMA secure_delete = ON;`,
  );
  return database;
}

/** Kysely's ROLLBACK, run only while a transaction is open (SQLite may have undone it already). */
class Rollback implements SqliteStatement {
  readonly reader = false;
  private readonly database: DatabaseSync;
  constructor(database: DatabaseSync) {
    this.database = database;
  }
  all(): unknown[] {
    this.run();
    return [];
  }
  run() {
    if (this.database.isTransaction) this.database.exec('ROLLBACK');
    return { changes: 0, lastInsertRowid: 0 };
  }
  iterate(): IterableIterator<unknown> {
    this.run();
    return [][Symbol.iterator]();
  }
}

/** A Kysely dialect on a node:sqlite database; prepared statements are reused by SQL text. */
export function nodeSqliteDialect(database: DatabaseSync): SqliteDialect {
  const statements = new Map<string, Statement>();
  const rollback = new Rollback(database);
  const adapter: SqliteDatabase = {
    close: () => {
      database.close();
    },
    prepare: (sql) => {
      if (sql === 'rollback') return rollback;
      let statement = statements.get(sql);
      if (!statement) {
        statement = new Statement(database.prepare(sql));
        // Bounded: the service issues a handful of distinct queries; ad-hoc ones are not kept.
        if (statements.size < 200) statements.set(sql, statement);
      }
      return statement;
    },
  };
  return new SqliteDialect({ database: adapter });
}
