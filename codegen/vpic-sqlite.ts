// The few calls the importer makes on a vPIC SQLite file, opened read-only.
import sqlite3 from 'sqlite3';

export interface VpicDatabase {
  all<T>(sql: string): Promise<T[]>;
  close(): Promise<void>;
}

export function openVpic(path: string): Promise<VpicDatabase> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(path, sqlite3.OPEN_READONLY, (err) => {
      if (err) return reject(new Error(`cannot open ${path} as SQLite: ${err.message}`));
      resolve({
        all: <T>(sql: string) => new Promise<T[]>((ok, fail) => db.all(sql, (e, rows) => (e ? fail(e) : ok(rows as T[])))),
        close: () => new Promise<void>((ok) => db.close(() => ok())),
      });
    });
  });
}
