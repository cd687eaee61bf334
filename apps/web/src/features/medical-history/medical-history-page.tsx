import {
  ActionIcon,
  Alert,
  Button,
  FileButton,
  Group,
  Menu,
  Modal,
  Progress,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { formatPracticeDate, HISTORY_FILE_MAX_BYTES } from '@praxia/shared';
import { IconArrowLeft, IconDotsVertical, IconPaperclip, IconUser } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../app/paths';
import { useGoBack } from '../../app/use-go-back';
import { ApiError } from '../../lib/api-client';
import { translateValidationKey } from '../../lib/i18n';
import { handleApiError, notifyError, notifySuccess } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { useCurrentUser } from '../auth/session';
import { PageTitle } from '../common/page-title';
import {
  addHistoryNote,
  type HistoryItem,
  historyKeys,
  patientExportHref,
  saveHistoryEntry,
  searchHistory,
  shareHistoryEntry,
} from './api';
import { type EntryAction, HistoryEntry } from './history-entry';
import { patientFormPath } from './navigation';
import { uploadHistoryFile } from './upload';
import { describeUploadRefusal, maxSizeText } from './upload-errors';
import './print.css';

type Upload = { key: string; name: string; progress: number };

/** The patient's medical history (spec people §2 Medical history screen). */
export function MedicalHistoryPage() {
  const { t, i18n } = useTranslation();
  const { user } = useCurrentUser();
  const clientId = Number(useParams().clientId);
  const goBack = useGoBack(paths.main);
  const [isArchive, setArchive] = useState(false);
  const [note, setNote] = useState('');
  const [files, setFiles] = useState<{ id: string; file: File }[]>([]);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [noteError, setNoteError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: number; note: string } | null>(null);
  const language = i18n.language === 'en' ? 'en' : 'de';

  const list = useQuery({
    queryKey: historyKeys.list(clientId, isArchive),
    queryFn: () => searchHistory(clientId, isArchive),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: historyKeys.all });
  useEffect(() => {
    if (list.error) handleApiError('genericCall', list.error);
  }, [list.error]);
  const updateErrorTitle = { key: 'medicalHistory.updateErrorTitle' };

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
          setFiles((current) => current.filter((queued) => queued.id !== key));
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
    onSettled: refresh,
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
    mutationFn: (value: { id: number; note: string }) => saveHistoryEntry(value),
    onSuccess: () => {
      setEditing(null);
      notifySuccess('medicalHistory.saved');
    },
    onError: (error) => handleApiError('genericCall', error),
    onSettled: refresh,
  });

  const client = list.data?.client;
  const title = client
    ? client.birthday
      ? t('medicalHistory.title', {
          lastName: client.lastName,
          firstName: client.firstName,
          birthday: formatPracticeDate(client.birthday),
        })
      : t('medicalHistory.titleNoBirthday', { lastName: client.lastName, firstName: client.firstName })
    : t('medicalHistory.printHeading');
  const isBusy = submit.isPending;

  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <PageTitle>{title}</PageTitle>
        <Menu position="bottom-end">
          <Menu.Target>
            <ActionIcon variant="default" size="lg" className="mh-no-print" aria-label={t('medicalHistory.headerMenu')}>
              <IconDotsVertical size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => setArchive((value) => !value)}>
              {t(isArchive ? 'medicalHistory.archiveHide' : 'medicalHistory.archiveShow')}
            </Menu.Item>
            <Menu.Item onClick={() => window.print()}>{t('medicalHistory.print')}</Menu.Item>
            {user && (
              <Menu.Item component="a" href={patientExportHref(user.id)} download>
                {t('export.button')}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>

      <Group gap="xs" className="mh-no-print">
        <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={goBack}>
          {t('medicalHistory.back')}
        </Button>
        <Button
          variant="default"
          component={Link}
          to={patientFormPath(clientId)}
          leftSection={<IconUser size={16} aria-hidden />}
        >
          {t('medicalHistory.patientForm')}
        </Button>
      </Group>

      <Stack gap="xs" className="mh-no-print">
        <Textarea
          label={t('medicalHistory.newNote')}
          autosize
          minRows={3}
          value={note}
          error={noteError}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <Group gap="xs">
          <FileButton onChange={addFiles} multiple accept=".pdf,.doc,.docx,image/*">
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconPaperclip size={16} aria-hidden />}>
                {t('medicalHistory.files')}
              </Button>
            )}
          </FileButton>
          <Button onClick={save} loading={isBusy}>
            {t('medicalHistory.save')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t('medicalHistory.filesHint')}
        </Text>
        {files.length > 0 && !isBusy && (
          <Group gap="xs">
            {files.map(({ id, file }) => (
              <Button
                key={id}
                size="xs"
                variant="light"
                aria-label={t('medicalHistory.removeFile', { name: file.name })}
                onClick={() => setFiles((current) => current.filter((queued) => queued.id !== id))}
              >
                {file.name} ×
              </Button>
            ))}
          </Group>
        )}
        {uploads.map((upload) => (
          <Stack gap={2} key={upload.key}>
            <Text size="sm">{upload.name}</Text>
            <Progress value={upload.progress * 100} aria-label={t('medicalHistory.uploading', { name: upload.name })} />
          </Stack>
        ))}
      </Stack>

      <Text className="mh-print-only" fw={700}>
        {t('medicalHistory.printHeading')}
      </Text>
      {list.isPending && <Skeleton h={80} />}
      {list.isError && <Alert color="red">{t('medicalHistory.loadFailed')}</Alert>}
      {list.data && list.data.list.length === 0 && <Text c="dimmed">{t('medicalHistory.empty')}</Text>}
      <Stack gap="xs">
        {list.data?.list.map((entry) => (
          <HistoryEntry
            key={entry.id}
            entry={entry}
            onAction={(action, target) =>
              action === 'edit'
                ? setEditing({ id: target.id, note: target.note ?? '' })
                : change.mutate({ action, entry: target })
            }
          />
        ))}
      </Stack>

      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t('medicalHistory.editTitle')}>
        {editing && (
          <Stack>
            <Textarea
              label={t('medicalHistory.editLabel')}
              autosize
              minRows={4}
              data-autofocus
              value={editing.note}
              error={editing.note.trim() ? null : translateValidationKey('error.required')}
              onChange={(event) => setEditing({ ...editing, note: event.currentTarget.value })}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setEditing(null)}>
                {t('medicalHistory.cancel')}
              </Button>
              <Button
                loading={edit.isPending}
                disabled={!editing.note.trim()}
                onClick={() => edit.mutate({ id: editing.id, note: editing.note.trim() })}
              >
                {t('medicalHistory.save')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
