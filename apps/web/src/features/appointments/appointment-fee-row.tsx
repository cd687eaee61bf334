import { Table, TextInput } from '@mantine/core';
import { formatRateUi, parseRate } from '@praxia/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuro } from '../../lib/format';
import { maxRateOf, useRateRefusal } from '../fees/fee-rates';
import { RemoveFeeButton } from '../fees/fee-row-fields';
import type { AppointmentFee } from './api';

/** The rate as the interface writes it: '2,3' (the wire says '2.3'). */
const rateUi = (wire: string | null) => (wire ? formatRateUi(parseRate(wire) ?? 0) : '');

type Props = {
  fee: AppointmentFee;
  isLocked: boolean;
  /** A changed rate within the item's maximum, on leaving the field. */
  onRateChange: (rate: string) => void;
  onRemove: () => void;
};

/** One invoice item of the appointment: its name, a GOÄ entry's rate, the amount, and its removal. */
export function AppointmentFeeRow({ fee, isLocked, onRateChange, onRemove }: Props) {
  const { t, i18n } = useTranslation();
  const refuseRate = useRateRefusal();
  const [rateError, setRateError] = useState<string | null>(null);
  // The practice's own wording of the item, else the catalogue's short title.
  const title = fee.medicalFeeScheduleAlternativeTitle || fee.item?.titleShort || '';
  const label = fee.medicalFeeScheduleCodeValue
    ? `GOÄ ${fee.medicalFeeScheduleCodeValue}${title ? ` – ${title}` : ''}`
    : (fee.coachingTitle ?? '');
  return (
    <Table.Tr data-testid="appointment-fee">
      <Table.Td>{label}</Table.Td>
      <Table.Td w={90}>
        {fee.medicalFeeScheduleCodeValue && (
          <TextInput
            size="xs"
            aria-label={t('fees.incrementalRate')}
            defaultValue={rateUi(fee.incrementalRate)}
            readOnly={isLocked}
            inputMode="decimal"
            error={rateError}
            onBlur={(event) => {
              const rate = event.currentTarget.value.trim();
              if (rate === rateUi(fee.incrementalRate) || isLocked) return;
              const refusal = refuseRate(rate, maxRateOf(fee.item));
              setRateError(refusal);
              if (!refusal) onRateChange(rate);
            }}
            data-testid="appointment-fee-rate"
          />
        )}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatEuro(fee.amountCents, i18n.language)}
      </Table.Td>
      <Table.Td w={40}>{!isLocked && <RemoveFeeButton label={label} onClick={onRemove} />}</Table.Td>
    </Table.Tr>
  );
}
