import { Alert, Button, Group, NumberInput, Pagination, Skeleton, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../common/page-title';
import { auditKeys, listAudit } from './api';
import { AuditTable } from './audit-table';

const LIMIT = 50;

/** The practice's audit log for its owner: paged, optionally for one patient. */
export function AuditLogPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [input, setInput] = useState<string | number>('');
  const [patientId, setPatientId] = useState<number | undefined>(undefined);
  const list = useQuery({
    queryKey: auditKeys.page(patientId, page, LIMIT),
    queryFn: () => listAudit(patientId, page, LIMIT),
    placeholderData: keepPreviousData,
  });
  const pages = Math.max(1, Math.ceil((list.data?.maxItems ?? 0) / LIMIT));
  const applyFilter = () => {
    setPatientId(typeof input === 'number' && input > 0 ? input : undefined);
    setPage(1);
  };

  return (
    <Stack gap="md">
      <PageTitle>{t('audit.title')}</PageTitle>
      <Group align="flex-end" gap="xs">
        <NumberInput
          label={t('audit.patientFilter')}
          value={input}
          onChange={setInput}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          w={180}
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
      {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} getControlProps={() => ({})} />}
    </Stack>
  );
}
