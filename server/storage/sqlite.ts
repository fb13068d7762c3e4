// Kysely's SqliteDialect on Node's built-in node:sqlite (no native addon to download): an
// adapter from DatabaseSync to the better-sqlite3 shape the dialect expects.
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';

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

/** Opens a SQLite file in WAL mode with durable commits (synchronous=FULL). */
export function openSqlite(file: string): DatabaseSync {
  const database = new DatabaseSync(file);
  database.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;',
  );
  return database;
}

/** A Kysely dialect on a node:sqlite database; prepared statements are reused by SQL text. */
export function nodeSqliteDialect(database: DatabaseSync): SqliteDialect {
  const statements = new Map<string, Statement>();
  const adapter: SqliteDatabase = {
    close: () => {
      database.close();
    },
    prepare: (sql) => {
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
