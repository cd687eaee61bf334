import { Button } from '@mantine/core';
import { ValidationKey } from '@praxia/shared';
import { IconFileExport } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { validationText } from '../../lib/errors/outcome';
import { handleApiError, notifyError } from '../../lib/notify';
import { datevPeriodOf, downloadDatevBatch } from './datev-export';
import type { DayRange } from './invoice-date-range';

/** Downloads the list's period as a DATEV booking batch for the practice's tax adviser. */
export function DatevExportButton({ range, therapistId }: { range: DayRange; therapistId: number | null }) {
  const { t } = useTranslation();
  const download = useMutation({
    mutationFn: () => {
      const period = datevPeriodOf(range);
      if (!period) {
        notifyError(validationText(ValidationKey.datevOneFiscalYear));
        return Promise.resolve();
      }
      return downloadDatevBatch(period, therapistId);
    },
    onError: (error) => handleApiError('invoiceCall', error),
  });
  return (
    <Button
      variant="default"
      leftSection={<IconFileExport size={18} aria-hidden />}
      loading={download.isPending}
      onClick={() => download.mutate()}
      data-testid="invoice-datev-export"
    >
      {t('invoiceList.datevExport')}
    </Button>
  );
}
