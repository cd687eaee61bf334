import { createReadStream, type Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { type FileStorage, isValidStorageKey } from './file-storage.js';

export type CopyReport = { copied: number; alreadyThere: number; notKeys: string[] };

/**
 * Copies every file under the local storage root into the bucket under the same key. A key the bucket already holds
 * is left alone, so the command can run again after an interruption (or while the app still writes locally) and only
 * copies what is missing. Files whose names are not storage keys (a `.partial` from a broken write, anything put
 * there by hand) are reported, never copied: the app would not read them.
 */
export async function copyLocalFilesToBucket(root: string, bucket: FileStorage): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, alreadyThere: 0, notKeys: [] };
  let entries: Dirent[];
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return report;
    throw error;
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const key = relative(root, path).split(sep).join('/');
    if (!isValidStorageKey(key)) {
      report.notKeys.push(key);
    } else if (await bucket.exists(key)) {
      report.alreadyThere++;
    } else {
      await bucket.putStream(key, createReadStream(path));
      report.copied++;
    }
  }
  return report;
}
