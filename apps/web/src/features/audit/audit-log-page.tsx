import { Alert, Button, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledPagination } from '../common/list-pager';
import { PageTitle } from '../common/page-title';
import { auditKeys, listAudit } from './api';
import { AuditTable } from './audit-table';

const LIMIT = 50;
const NAME_MAX_LENGTH = 100;

/** The practice's audit log for its owner: paged, optionally for the patients whose name contains a text. */
export function AuditLogPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [input, setInput] = useState('');
  const [patientName, setPatientName] = useState('');
  const list = useQuery({
    queryKey: auditKeys.page(patientName, page, LIMIT),
    queryFn: () => listAudit(patientName, page, LIMIT),
    placeholderData: keepPreviousData,
  });
  const pages = Math.max(1, Math.ceil((list.data?.maxItems ?? 0) / LIMIT));
  const applyFilter = () => {
    setPatientName(input.trim());
    setPage(1);
  };

  return (
    <Stack gap="md">
      <PageTitle>{t('audit.title')}</PageTitle>
      <Group align="flex-end" gap="xs">
        <TextInput
          label={t('audit.patientFilter')}
          value={input}
          onChange={(event) => setInput(event.currentTarget.value)}
          maxLength={NAME_MAX_LENGTH}
          w={240}
          maw="100%"
          onKeyDown={(event) => {
            if (event.key === 'Enter') applyFilter();
          }}
        />
        <Button variant="default" onClick={applyFilter}>
          {t('audit.filter')}
        </Button>
      </Group>
      {list.isPending && <Skeleton h={120} />}
      {list.isError && <Alert color="red">{t('audit.loadFailed')}</Alert>}
      {list.data && list.data.list.length === 0 && <Text c="dimmed">{t('audit.empty')}</Text>}
      {list.data && list.data.list.length > 0 && <AuditTable rows={list.data.list} linkPatients />}
      <LabelledPagination page={page} pages={pages} onPageChange={setPage} />
    </Stack>
  );
}
