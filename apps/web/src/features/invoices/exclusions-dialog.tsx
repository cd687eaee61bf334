import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../common/confirm-dialog';
import type { ExclusionsWarning } from './invoice-exclusions';

type Props = { warning: ExclusionsWarning | null; loading: boolean; onConfirm: () => void; onClose: () => void };

/** The GOÄ exclusion warning before billing (section B provision 4): the conflicts, then confirm or cancel. */
export function ExclusionsDialog({ warning, loading, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  // Each conflict on a line of its own.
  const lines = (warning?.conflicts ?? []).map((conflict) =>
    t('invoiceList.exclusionLine', {
      consultation: conflict.consultationCode,
      treatment: conflict.treatmentCode,
      date: conflict.date,
    }),
  );
  return (
    <ConfirmDialog
      opened={warning !== null}
      title={t('invoiceList.exclusionsTitle')}
      confirmLabel={t('invoiceList.exclusionsConfirm')}
      loading={loading}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Text size="sm">{t('invoiceList.exclusionsText')}</Text>
      <List size="sm" data-testid="exclusions-detail">
        {lines.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      <Text size="sm" fw={500}>
        {t('invoiceList.exclusionsQuestion')}
      </Text>
    </ConfirmDialog>
  );
}
