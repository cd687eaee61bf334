import { Table } from '@mantine/core';
import { formatRateUi, parseRate } from '@praxia/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuro } from '../../lib/format';
import { translateValidationKey } from '../../lib/i18n';
import { FeeJustificationField } from '../fees/fee-justification-field';
import { FeeRateInput } from '../fees/fee-rate-input';
import { isRateAboveThreshold, maxRateOf, thresholdRateOf } from '../fees/fee-rates';
import { RemoveFeeButton } from '../fees/fee-row-fields';
import type { AppointmentFee } from './api';
import { nextFeeSave } from './fee-save';

/** The rate as the interface writes it: '2,3' (the wire says '2.3'). */
const rateUi = (wire: string | null) => (wire ? formatRateUi(parseRate(wire) ?? 0) : '');

type Props = {
  fee: AppointmentFee;
  isLocked: boolean;
  /** A GOÄ entry's rate and justification as they are to be saved. */
  onSave: (change: { rate: string; justification: string | null }) => void;
  onRemove: () => void;
};

/**
 * One invoice item of the appointment: its name, a GOÄ entry's rate, the amount, and its removal. A rate above the
 * item's threshold shows its justification below; such a rate is saved only together with one (§12 Abs.3 GOÄ).
 */
export function AppointmentFeeRow({ fee, isLocked, onSave, onRemove }: Props) {
  const { i18n } = useTranslation();
  const stored = { rate: rateUi(fee.incrementalRate), justification: fee.justification ?? '' };
  const [rate, setRate] = useState(stored.rate);
  const [justification, setJustification] = useState(stored.justification);
  const [isMissing, setIsMissing] = useState(false);
  // Each answer of the server (a save, or a reload after a refusal) is what the row shows again.
  useEffect(() => {
    setRate(stored.rate);
    setJustification(stored.justification);
    setIsMissing(false);
  }, [stored.rate, stored.justification]);

  const settle = (nextRate: string, nextJustification: string) => {
    setRate(nextRate);
    const next = nextFeeSave(stored, { rate: nextRate, justification: nextJustification }, fee.item);
    setIsMissing(next === 'justificationMissing');
    if (next && next !== 'justificationMissing') onSave(next);
  };

  // The practice's own wording of the item, else the catalogue's short title.
  const title = fee.medicalFeeScheduleAlternativeTitle || fee.item?.titleShort || '';
  const label = fee.medicalFeeScheduleCodeValue
    ? `GOÄ ${fee.medicalFeeScheduleCodeValue}${title ? ` – ${title}` : ''}`
    : (fee.coachingTitle ?? '');
  const isRaised = fee.medicalFeeScheduleCodeValue !== null && isRateAboveThreshold(rate, fee.item);
  return (
    <>
      <Table.Tr data-testid="appointment-fee">
        <Table.Td>{label}</Table.Td>
        <Table.Td w={90}>
          {fee.medicalFeeScheduleCodeValue && (
            <FeeRateInput
              size="xs"
              value={stored.rate}
              maxRate={Math.max(maxRateOf(fee.item), fee.agreedMaxRate ?? 0)}
              readOnly={isLocked}
              onCommit={(typed) => settle(typed, justification)}
              testId="appointment-fee-rate"
            />
          )}
        </Table.Td>
        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
          {formatEuro(fee.amountCents, i18n.language)}
        </Table.Td>
        <Table.Td w={40}>{!isLocked && <RemoveFeeButton label={label} onClick={onRemove} />}</Table.Td>
      </Table.Tr>
      {isRaised && (
        <Table.Tr data-testid="appointment-fee-justification-row">
          <Table.Td colSpan={4}>
            <FeeJustificationField
              value={justification}
              onChange={setJustification}
              onCommit={(text) => settle(rate, text)}
              threshold={formatRateUi(thresholdRateOf(fee.item))}
              error={isMissing ? translateValidationKey('error.justificationRequired') : null}
              readOnly={isLocked}
              testId="appointment-fee-justification"
            />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
