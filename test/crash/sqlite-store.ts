// Looks into the embedded key store the way an operator would after a crash: SQLite's own integrity
// check, and the files of the data folder byte for byte (to show a failed write left nothing behind).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sqlite3 from 'sqlite3';

/** `PRAGMA integrity_check` on the file: 'ok' when SQLite finds nothing wrong. */
export function integrityCheck(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file, (error) => {
      if (error) return reject(error);
      db.all<{ integrity_check: string }>('PRAGMA integrity_check', (queryError, rows) => {
        db.close();
        if (queryError) reject(queryError);
        else resolve(rows.map((row) => row.integrity_check).join('\n'));
      });
    });
  });
}

/** Every file of a folder with the SHA-256 of its bytes. */
export function folderSnapshot(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).sort().map((name) => [name, createHash('sha256').update(readFileSync(join(dir, name))).digest('hex')]));
}
