import { formatPracticeDate } from '@praxia/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../app/paths';
import { useGoBack } from '../../app/use-go-back';
import { handleApiError, notifySuccess } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { useCurrentUser } from '../auth/session';
import {
  type HistoryItem,
  type HistoryList,
  historyKeys,
  saveHistoryEntry,
  searchHistory,
  shareHistoryEntry,
} from './api';
import type { EntryAction } from './history-entry';
import { useHistoryComposer } from './use-history-composer';

export type EditedNote = { id: number; note: string };

/** The patient's name and birthday as the page and the print name them; a plain heading until they are known. */
function historyTitle(t: TFunction, client: HistoryList['client'] | undefined): string {
  if (!client) return t('medicalHistory.printHeading');
  const name = { lastName: client.lastName, firstName: client.firstName };
  return client.birthday
    ? t('medicalHistory.title', { ...name, birthday: formatPracticeDate(client.birthday) })
    : t('medicalHistory.titleNoBirthday', name);
}

/**
 * The medical history's state (spec people §2 Medical history screen): the patient's entries with or without the
 * archive, the new entry being written, what each entry's menu does, and the note being edited.
 */
export function useMedicalHistory() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const clientId = Number(useParams().clientId);
  const goBack = useGoBack(paths.main);
  const [isArchive, setArchive] = useState(false);
  const [editing, setEditing] = useState<EditedNote | null>(null);

  const list = useQuery({
    queryKey: historyKeys.list(clientId, isArchive),
    queryFn: () => searchHistory(clientId, isArchive),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: historyKeys.all });
  useEffect(() => {
    if (list.error) handleApiError('genericCall', list.error);
  }, [list.error]);
  const composer = useHistoryComposer(clientId, refresh);

  const change = useMutation({
    mutationFn: async ({ action, entry }: { action: EntryAction; entry: Pick<HistoryItem, 'id'> }) => {
      if (action === 'delete' || action === 'restore') {
        await saveHistoryEntry({ id: entry.id, state: action === 'delete' ? 'deleted' : 'active' });
      } else if (action === 'share' || action === 'unshare') {
        await shareHistoryEntry(entry.id, action === 'share');
      }
    },
    onError: (error) => handleApiError('genericCall', error),
    onSettled: refresh,
  });
  const edit = useMutation({
    mutationFn: (value: EditedNote) => saveHistoryEntry(value),
    onSuccess: () => {
      setEditing(null);
      notifySuccess('medicalHistory.saved');
    },
    onError: (error) => handleApiError('genericCall', error),
    onSettled: refresh,
  });

  const onEntryAction = (action: EntryAction, target: Pick<HistoryItem, 'id' | 'note'>) =>
    action === 'edit'
      ? setEditing({ id: target.id, note: target.note ?? '' })
      : change.mutate({ action, entry: target });

  return {
    user,
    clientId,
    goBack,
    title: historyTitle(t, list.data?.client),
    isArchive,
    toggleArchive: () => setArchive((value) => !value),
    list,
    composer,
    onEntryAction,
    editing,
    setEditing,
    saveEdit: (value: EditedNote) => edit.mutate(value),
    isSavingEdit: edit.isPending,
  };
}
