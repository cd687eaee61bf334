import { formatFileSize, HISTORY_FILE_MAX_BYTES, HISTORY_FILE_TYPE_ERROR, parseUploadRefusal } from '@praxia/shared';
import type { MessageText } from '../../lib/errors';

/**
 * The spec's upload refusal texts (people §8): the storage limit with what is left, a full storage, or the maximum
 * size; a wrong type with its validation text. null when the refusal is none of these.
 */
export function describeUploadRefusal(
  validationMessages: Record<string, string[]>,
  language: 'de' | 'en' = 'de',
): MessageText | null {
  const message = validationMessages.file?.[0];
  if (!message) return null;
  if (message === HISTORY_FILE_TYPE_ERROR) return { key: HISTORY_FILE_TYPE_ERROR, ns: 'validation' };
  const refusal = parseUploadRefusal(message);
  if (!refusal) return null;
  if (refusal.kind === 'maxSize') return maxSizeText(refusal.bytes, language);
  if (refusal.bytes <= 0) return { key: 'medicalHistory.storageFull' };
  return { key: 'medicalHistory.storageLeft', values: { size: formatFileSize(refusal.bytes, language) } };
}

/** Also shown when the browser already knows a file is too large (it is then never sent). */
export const maxSizeText = (bytes = HISTORY_FILE_MAX_BYTES, language: 'de' | 'en' = 'de'): MessageText => ({
  key: 'medicalHistory.maxSize',
  values: { size: formatFileSize(bytes, language) },
});
