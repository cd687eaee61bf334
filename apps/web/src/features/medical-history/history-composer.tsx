import { Button, FileButton, Group, Progress, Stack, Text, Textarea } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { useHistoryComposer } from './use-history-composer';

/** The new entry: a note, the files to attach (removable until saving starts), and each upload's progress. */
export function HistoryComposer({ composer }: { composer: ReturnType<typeof useHistoryComposer> }) {
  const { t } = useTranslation();
  const { note, noteError, files, uploads, isBusy } = composer;
  return (
    <Stack gap="xs" className="mh-no-print">
      <Textarea
        label={t('medicalHistory.newNote')}
        autosize
        minRows={3}
        value={note}
        error={noteError}
        onChange={(event) => composer.setNote(event.currentTarget.value)}
      />
      <Group gap="xs">
        <FileButton onChange={composer.addFiles} multiple accept=".pdf,.doc,.docx,image/*">
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconPaperclip size={16} aria-hidden />}>
              {t('medicalHistory.files')}
            </Button>
          )}
        </FileButton>
        <Button onClick={composer.save} loading={isBusy}>
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
              onClick={() => composer.removeFile(id)}
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
  );
}
