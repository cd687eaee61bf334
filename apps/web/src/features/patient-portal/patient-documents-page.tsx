import { Alert, Anchor, Button, FileButton, Progress, Skeleton, Stack, Table, Text } from '@mantine/core';
import { formatFileSize, formatPracticeDate, HISTORY_FILE_MAX_BYTES } from '@praxia/shared';
import { IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { handleApiError, notifyError, notifySuccess } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { PageTitle } from '../common/page-title';
import { TableScroll } from '../common/table-scroll';
import { describeUploadRefusal, maxSizeText } from '../medical-history/upload-errors';
import { listOwnDocuments, ownDocumentHref, patientDocumentKeys, sendOwnDocument } from './api';

/** The patient's documents: what the practice shared, what they sent; and sending a new one. */
export function PatientDocumentsPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'de';
  const [progress, setProgress] = useState<number | null>(null);
  const list = useQuery({ queryKey: patientDocumentKeys.all, queryFn: listOwnDocuments });
  const title = { key: 'medicalHistory.updateErrorTitle' };

  const send = useMutation({
    mutationFn: (file: File) => sendOwnDocument(file, setProgress),
    onSuccess: () => notifySuccess('documents.uploaded'),
    onError: (error) => {
      const refusal =
        error instanceof ApiError && error.status === 422
          ? describeUploadRefusal(error.validationMessages, language)
          : null;
      if (refusal) notifyError(refusal, title);
      else handleApiError('default', error);
    },
    onSettled: () => {
      setProgress(null);
      void queryClient.invalidateQueries({ queryKey: patientDocumentKeys.all });
    },
  });

  const pick = (file: File | null) => {
    if (!file) return;
    if (file.size > HISTORY_FILE_MAX_BYTES) notifyError(maxSizeText(HISTORY_FILE_MAX_BYTES, language), title);
    else send.mutate(file);
  };

  return (
    <Stack gap="md" maw={900}>
      <PageTitle>{t('documents.title')}</PageTitle>
      <Text>{t('documents.intro')}</Text>
      <Stack gap={4} align="flex-start">
        <FileButton onChange={pick} accept=".pdf,.doc,.docx,image/*">
          {(props) => (
            <Button {...props} loading={send.isPending} leftSection={<IconUpload size={16} aria-hidden />}>
              {t('documents.upload')}
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed">
          {t('documents.uploadHint')}
        </Text>
        {progress !== null && <Progress w="100%" value={progress * 100} aria-label={t('documents.upload')} />}
      </Stack>
      {list.isPending && <Skeleton h={80} />}
      {list.isError && <Alert color="red">{t('documents.loadFailed')}</Alert>}
      {list.data && list.data.list.length === 0 && <Text c="dimmed">{t('documents.empty')}</Text>}
      {list.data && list.data.list.length > 0 && (
        <TableScroll minWidth={560} label={t('documents.title')}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('documents.name')}</Table.Th>
                <Table.Th>{t('documents.date')}</Table.Th>
                <Table.Th>{t('documents.size')}</Table.Th>
                <Table.Th>{t('documents.from')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.list.map((document) => (
                <Table.Tr key={document.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Anchor
                      href={ownDocumentHref(document.id)}
                      download
                      aria-label={t('documents.download', { name: document.filename })}
                    >
                      {document.filename}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatPracticeDate(document.createdAt)}</Table.Td>
                  <Table.Td>{formatFileSize(document.sizeBytes, language)}</Table.Td>
                  <Table.Td>{t(document.sentByPatient ? 'documents.fromYou' : 'documents.fromTherapist')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Stack>
  );
}
