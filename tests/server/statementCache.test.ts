import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from '../../server/db/statementCache';

describe('SQLite statement cache', () => {
  it('compiles a SQL text once and answers the same statement again', () => {
    const sqlite = new SQLite(':memory:');
    const db = withStatementCache(sqlite);
    const first = db.prepare('select ? as n');
    expect(db.prepare('select ? as n')).toBe(first);
    expect(first.all([7])).toEqual([{ n: 7 }]);
    db.close();
  });

  it('keeps at most max statements, dropping the least recently used', () => {
    const sqlite = new SQLite(':memory:');
    const db = withStatementCache(sqlite, 2);
    const a = db.prepare('select 1');
    const b = db.prepare('select 2');
    db.prepare('select 1');
    db.prepare('select 3');
    expect(db.prepare('select 1')).toBe(a);
    expect(db.prepare('select 2')).not.toBe(b);
    db.close();
  });

  it('sees schema changes made after a statement was cached', () => {
    const sqlite = new SQLite(':memory:');
    const db = withStatementCache(sqlite);
    sqlite.exec('create table t (a integer)');
    db.prepare('insert into t (a) values (?)').run([1]);
    expect(db.prepare('select * from t').all([])).toEqual([{ a: 1 }]);
    sqlite.exec('alter table t add column b integer default 2');
    expect(db.prepare('select * from t').all([])).toEqual([{ a: 1, b: 2 }]);
    db.close();
  });
});
