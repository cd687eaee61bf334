import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { invoicePaths } from './navigation';

/** The way back to the invoice list from its sub-pages (evaluation, bank import). */
export function BackToInvoices({ testId }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <Button
      component={Link}
      to={invoicePaths.invoiceList}
      variant="subtle"
      leftSection={<IconArrowLeft size={18} aria-hidden />}
      mb="sm"
      data-testid={testId}
    >
      {t('evaluation.back')}
    </Button>
  );
}
