import { join } from 'node:path';
import { ConfigError, readConfig } from '../src/config.js';
import { copyLocalFilesToBucket } from '../src/storage/copy-to-bucket.js';
import { openFileStorage } from '../src/storage/open-file-storage.js';

// `npm run storage:to-bucket`: copies the files of DATA_DIR/files into STORAGE_BUCKET (same keys; idempotent).
try {
  const config = readConfig();
  if (!config.objectStorage) throw new ConfigError('Set STORAGE_BUCKET (and the AWS variables) to the target bucket.');
  const root = join(config.dataDir, 'files');
  const bucket = await openFileStorage(config);
  try {
    const report = await copyLocalFilesToBucket(root, bucket);
    console.log(
      `${root} → ${config.objectStorage.bucket}: ${report.copied} copied, ${report.alreadyThere} already there, ` +
        `${report.notKeys.length} not storage keys (left alone)`,
    );
    for (const name of report.notKeys) console.log(`  not copied: ${name}`);
  } finally {
    bucket.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
