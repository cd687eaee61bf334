import { join } from 'node:path';
import { type AppConfig, ConfigError } from '../config.js';
import { createLocalFileStorage, type FileStorage } from './file-storage.js';
import { createS3FileStorage } from './s3-file-storage.js';

/**
 * The app's file storage: the bucket of STORAGE_BUCKET, or DATA_DIR/files. The bucket is asked once at start, so a
 * wrong endpoint, region, credential or bucket name stops the start with one line instead of failing the first upload.
 */
export async function openFileStorage(config: AppConfig): Promise<FileStorage & { close: () => void }> {
  if (!config.objectStorage) return { ...createLocalFileStorage(join(config.dataDir, 'files')), close: () => {} };
  const storage = createS3FileStorage(config.objectStorage);
  try {
    await storage.checkBucket();
  } catch (error) {
    storage.close();
    const { name, message } = error as Error;
    throw new ConfigError(
      `The object storage bucket ${config.objectStorage.bucket} is not reachable (${name}: ${message}): check STORAGE_BUCKET, AWS_ENDPOINT_URL_S3, AWS_REGION, AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY and S3_FORCE_PATH_STYLE.`,
    );
  }
  return storage;
}
