import { Stack, Table, Text } from '@mantine/core';
import type { AppointmentFee } from '@praxia/shared';
import { useTranslation } from 'react-i18next';
import { formatEuro } from '../../lib/format';

/**
 * The appointment's invoice items (spec §3), as booking copied them from the patient's fee defaults: GOÄ code with
 * its rate (comma decimal), or the coaching title. Editing them needs the fee-entry calls, which have not landed.
 */
export function FeeList({ fees }: { fees: AppointmentFee[] }) {
  const { t, i18n } = useTranslation();
  const rate = (value: string) => (i18n.language.startsWith('de') ? value.replace('.', ',') : value);
  return (
    <Stack gap={4} data-testid="appointment-fees">
      <Text size="sm" fw={600}>
        {t('calendar.dialog.fees')}
      </Text>
      {fees.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('calendar.dialog.noFees')}
        </Text>
      ) : (
        <Table verticalSpacing={4} fz="sm">
          <Table.Tbody>
            {fees.map((fee) => (
              <Table.Tr key={fee.id} data-testid="appointment-fee">
                <Table.Td>
                  {fee.medicalFeeScheduleCodeValue
                    ? `GOÄ ${fee.medicalFeeScheduleCodeValue}${
                        fee.medicalFeeScheduleAlternativeTitle ? ` – ${fee.medicalFeeScheduleAlternativeTitle}` : ''
                      }`
                    : (fee.coachingTitle ?? '')}
                </Table.Td>
                <Table.Td>{fee.incrementalRate ? `× ${rate(fee.incrementalRate)}` : ''}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatEuro(fee.amountCents, i18n.language)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Text size="xs" c="dimmed">
        {t('calendar.dialog.feesUnavailable')}
      </Text>
    </Stack>
  );
}
