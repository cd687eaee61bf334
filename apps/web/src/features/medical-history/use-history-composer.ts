import { HISTORY_FILE_MAX_BYTES } from '@praxia/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { translateValidationKey } from '../../lib/i18n';
import { handleApiError, notifyError, notifySuccess } from '../../lib/notify';
import { addHistoryNote } from './api';
import { uploadHistoryFile } from './upload';
import { describeUploadRefusal, maxSizeText } from './upload-errors';

export type QueuedFile = { id: string; file: File };
export type Upload = { key: string; name: string; progress: number };

const updateErrorTitle = { key: 'medicalHistory.updateErrorTitle' };

/**
 * The new entry being written (spec people §5, §7): its note, the files queued for it, and their uploads with progress.
 * `onSettled` runs after every save, stored or not, so the list shows what did arrive.
 */
export function useHistoryComposer(clientId: number, onSettled: () => Promise<unknown>) {
  const { i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'de';
  const [note, setNote] = useState('');
  const [files, setFiles] = useState<QueuedFile[]>([]);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [noteError, setNoteError] = useState<string | null>(null);

  const removeFile = (id: string) => setFiles((current) => current.filter((queued) => queued.id !== id));

  const showUploadError = (error: unknown) => {
    const refusal =
      error instanceof ApiError && error.status === 422
        ? describeUploadRefusal(error.validationMessages, language)
        : null;
    if (refusal) notifyError(refusal, updateErrorTitle);
    else handleApiError('genericCall', error);
  };

  const submit = useMutation({
    mutationFn: async () => {
      const text = note.trim();
      if (text) {
        await addHistoryNote(clientId, text);
        setNote('');
      }
      // One request per file (spec people §7), one after another so the progress reads clearly. A refused file stays
      // queued with its message, so nothing the user chose is silently lost.
      let isEveryFileStored = true;
      for (const { id: key, file } of files) {
        setUploads((current) => [...current, { key, name: file.name, progress: 0 }]);
        try {
          await uploadHistoryFile(clientId, file, (progress) =>
            setUploads((current) => current.map((u) => (u.key === key ? { ...u, progress } : u))),
          );
          removeFile(key);
        } catch (error) {
          isEveryFileStored = false;
          showUploadError(error);
        } finally {
          setUploads((current) => current.filter((u) => u.key !== key));
        }
      }
      return isEveryFileStored;
    },
    onSuccess: (isEveryFileStored) => {
      if (isEveryFileStored) notifySuccess('medicalHistory.saved');
    },
    onError: (error) => handleApiError('genericCall', error),
    onSettled,
  });

  const save = () => {
    // A note is needed only when no files are queued (spec people §5).
    if (!note.trim() && files.length === 0) {
      setNoteError(translateValidationKey('error.required'));
      return;
    }
    setNoteError(null);
    submit.mutate();
  };

  const addFiles = (picked: File[]) => {
    const fitting = picked.filter((file) => file.size <= HISTORY_FILE_MAX_BYTES);
    if (fitting.length < picked.length) notifyError(maxSizeText(HISTORY_FILE_MAX_BYTES, language), updateErrorTitle);
    setFiles((current) => [...current, ...fitting.map((file) => ({ id: crypto.randomUUID(), file }))]);
  };

  return { note, setNote, noteError, files, uploads, addFiles, removeFile, save, isBusy: submit.isPending };
}
