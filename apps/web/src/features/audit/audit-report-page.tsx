import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useGoBack } from '../../app/use-go-back';
import { PageTitle } from '../common/page-title';
import { auditKeys, getAuditReport } from './api';
import { AuditTable } from './audit-table';
import { auditNavigation } from './navigation';

/** A patient's access report (DSGVO Art. 15), for the practice owner. */
export function AuditReportPage() {
  const { t } = useTranslation();
  const patientId = Number(useParams().patientId);
  const goBack = useGoBack(auditNavigation.paths.audit);
  const report = useQuery({ queryKey: auditKeys.report(patientId), queryFn: () => getAuditReport(patientId) });
  const name = report.data ? `${report.data.patient.lastName}, ${report.data.patient.firstName}` : '';
  return (
    <Stack gap="md">
      <PageTitle>{report.data ? t('audit.reportTitle', { name }) : t('audit.report')}</PageTitle>
      <Button variant="default" w="fit-content" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={goBack}>
        {t('audit.back')}
      </Button>
      <Text>{t('audit.reportIntro')}</Text>
      {report.isPending && <Skeleton h={120} />}
      {report.isError && <Alert color="red">{t('audit.loadFailed')}</Alert>}
      {report.data && report.data.list.length === 0 && <Text c="dimmed">{t('audit.empty')}</Text>}
      {report.data && report.data.list.length > 0 && <AuditTable rows={report.data.list} linkPatients={false} />}
    </Stack>
  );
}
