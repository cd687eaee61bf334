import { Alert, Anchor, Button, FileInput, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { BankStatementImport } from '@praxia/shared';
import { IconFileImport } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleApiError } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { PageTitle } from '../common/page-title';
import { bankStatementSampleHref, importBankStatement, invoiceKeys, listUnassignedBankEntries } from './api';
import { BackToInvoices } from './back-to-invoices';
import { BankEntryTable } from './bank-entry-table';
import { WaitingEntries } from './bank-waiting-entries';

/** The import summary: nothing changed for a statement imported before, else how many were paid and are left. */
function ImportResult({ result }: { result: BankStatementImport }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="bank-import-result">
      {result.alreadyImported ? (
        <Alert color="yellow" data-testid="bank-import-already">
          {t('bankImport.alreadyImported')}
        </Alert>
      ) : (
        <Alert color="green" data-testid="bank-import-summary">
          {t('bankImport.result', {
            matched: result.matched,
            unassigned: result.unassigned,
            duplicates: result.duplicates,
          })}
        </Alert>
      )}
      {result.entries.length > 0 && (
        <>
          <Title order={2} size="h4">
            {t('bankImport.imported')}
          </Title>
          <BankEntryTable entries={result.entries} testId="bank-import-entries" />
        </>
      )}
    </Stack>
  );
}

/** Bank statement import (/invoice/bank-import): upload a CAMT.053 file, see what it paid, assign the rest. */
export function BankImportPage() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const waiting = useQuery({ queryKey: invoiceKeys.bankEntries, queryFn: listUnassignedBankEntries });
  useEffect(() => {
    if (waiting.error) handleApiError('invoiceCall', waiting.error);
  }, [waiting.error]);
  const upload = useMutation({
    mutationFn: importBankStatement,
    onSuccess: () => {
      setFile(null);
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
    },
    onError: (error) => handleApiError('invoiceCall', error),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file) upload.mutate(file);
  };

  return (
    <Paper p={{ base: 'sm', xs: 'xl' }}>
      <BackToInvoices />
      <PageTitle>{t('bankImport.title')}</PageTitle>
      <Stack gap="lg">
        <Text size="sm">{t('bankImport.intro')}</Text>
        <form onSubmit={submit}>
          <Group align="flex-end" gap="sm">
            <FileInput
              label={t('bankImport.file')}
              accept=".xml,application/xml,text/xml"
              value={file}
              onChange={setFile}
              clearable
              w={{ base: '100%', xs: 360 }}
              data-testid="bank-import-file"
            />
            <Button
              type="submit"
              disabled={!file}
              loading={upload.isPending}
              leftSection={<IconFileImport size={18} aria-hidden />}
              data-testid="bank-import-submit"
            >
              {t('bankImport.submit')}
            </Button>
          </Group>
        </form>
        {waiting.data?.sampleAvailable && (
          <Anchor href={bankStatementSampleHref} download data-testid="bank-import-sample">
            {t('bankImport.demoFile')}
          </Anchor>
        )}
        {upload.data && <ImportResult result={upload.data} />}
        <WaitingEntries entries={waiting.data?.list} isError={waiting.isError} />
      </Stack>
    </Paper>
  );
}
