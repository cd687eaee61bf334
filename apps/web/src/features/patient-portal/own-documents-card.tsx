import { Anchor, Stack, Text } from '@mantine/core';
import { formatPracticeDate } from '@praxia/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { OverviewCard } from '../overview/overview-card';
import { listOwnDocuments, ownDocumentHref, patientDocumentKeys } from './api';

const SHOWN = 5;

/** The documents the practice shared with the patient, newest first; the document page for the rest and uploads. */
export function OwnDocumentsCard() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: patientDocumentKeys.all, queryFn: listOwnDocuments });
  const shared = (query.data?.list ?? [])
    .filter((document) => !document.sentByPatient)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, SHOWN);

  return (
    <OverviewCard title={t('overview.documentsTitle')} state={query} testId="patient-documents">
      {shared.length === 0 ? (
        <Text c="dimmed">{t('overview.documentsEmpty')}</Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {shared.map((document) => (
            <li key={document.id}>
              <Anchor
                href={ownDocumentHref(document.id)}
                download
                aria-label={t('documents.download', { name: document.filename })}
                style={{ overflowWrap: 'anywhere' }}
              >
                {document.filename}
              </Anchor>{' '}
              <Text span size="sm" c="dimmed">
                {formatPracticeDate(document.createdAt)}
              </Text>
            </li>
          ))}
        </Stack>
      )}
      <Anchor component={Link} to={paths.patientDocuments}>
        {t('overview.allDocuments')}
      </Anchor>
    </OverviewCard>
  );
}
