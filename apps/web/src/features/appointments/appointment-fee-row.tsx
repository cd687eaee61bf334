import { Table } from '@mantine/core';
import { formatRateUi, parseRate } from '@praxia/shared';
import { useTranslation } from 'react-i18next';
import { formatEuro } from '../../lib/format';
import { FeeRateInput } from '../fees/fee-rate-input';
import { maxRateOf } from '../fees/fee-rates';
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
  const { i18n } = useTranslation();
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
          <FeeRateInput
            size="xs"
            value={rateUi(fee.incrementalRate)}
            maxRate={maxRateOf(fee.item)}
            readOnly={isLocked}
            onCommit={onRateChange}
            testId="appointment-fee-rate"
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
