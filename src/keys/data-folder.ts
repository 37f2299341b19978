// SQLite names the symptom, not the cause: a read-only data folder is "unable to open database
// file", a full disk met while opening is "disk I/O error", and node's recursive mkdir under a
// read-only mount says "no such file or directory". When the embedded store fails, this looks at the
// data folder and says what an operator can fix.
import { accessSync, constants, existsSync, statfsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/** With less free space than this, a failed write is put down to a full disk. */
const FULL_BELOW_BYTES = 64 * 1024;

/** Why `file` (the SQLite store) cannot be written, when the file system says; otherwise undefined. */
export function diagnoseDataFolder(file: string): string | undefined {
  let folder = dirname(file);
  while (!existsSync(folder) && dirname(folder) !== folder) folder = dirname(folder);
  if (!statSync(folder).isDirectory()) return `${folder} is a file, where a folder should be`;
  for (const path of existsSync(file) ? [folder, file] : [folder]) {
    try {
      accessSync(path, constants.W_OK);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return `${path} is not writable (${code === 'EROFS' ? 'read-only file system' : code === 'EPERM' ? 'immutable' : code})`;
    }
  }
  try {
    const { bavail, bsize } = statfsSync(folder);
    if (bavail * bsize < FULL_BELOW_BYTES) return `the disk holding ${folder} is full`;
  } catch {
    // No more to say than the error itself.
  }
  return undefined;
}
