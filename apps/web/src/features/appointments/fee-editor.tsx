import { ActionIcon, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { DEFAULT_RATE_HUNDREDTHS, formatRateUi, isRateWithin, parseEuroCents, parseRate } from '@praxia/shared';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuro } from '../../lib/format';
import { handleApiError } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { CoachingFeeFields, FeeCatalogueSearch } from '../patients/fee-row-fields';
import {
  appointmentKeys,
  createAppointmentFee,
  deleteAppointmentFee,
  feeKeys,
  listAppointmentFees,
  patchAppointmentFee,
} from './api';

type Props = { appointmentId: number; isLocked: boolean };

/** The rate as the interface writes it: '2,3' (the wire says '2.3'). */
const rateUi = (wire: string | null) => (wire ? formatRateUi(parseRate(wire) ?? 0) : '');

/**
 * The appointment's invoice items (spec §3, §5): GOÄ entries found from the first character, their rate with a comma;
 * coaching entries with title, amount and tax. Each change is saved at once; locked once billable or billed.
 */
export function FeeEditor({ appointmentId, isLocked }: Props) {
  const { t, i18n } = useTranslation();
  const [coaching, setCoaching] = useState<{ title: string; amount: string; tax: 'add' | 'notax' } | null>(null);
  const fees = useQuery({
    queryKey: feeKeys.appointment(appointmentId),
    queryFn: () => listAppointmentFees(appointmentId),
  });
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: feeKeys.appointment(appointmentId) });
    void queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
  };
  const onError = (error: unknown) => {
    handleApiError('appointmentSave', error);
    reload();
  };
  const add = useMutation({ mutationFn: createAppointmentFee, onSuccess: reload, onError });
  const changeRate = useMutation({
    mutationFn: ({ id, code, title, rate }: { id: number; code: string; title: string | null; rate: string }) =>
      patchAppointmentFee(id, {
        medicalFeeScheduleCodeValue: code,
        medicalFeeScheduleAlternativeTitle: title,
        incrementalRate: rate,
      }),
    onSuccess: reload,
    onError,
  });
  const remove = useMutation({ mutationFn: deleteAppointmentFee, onSuccess: reload, onError });
  const [rateErrors, setRateErrors] = useState<Record<number, string | undefined>>({});
  const list = fees.data ?? [];
  const coachingCents = coaching ? parseEuroCents(coaching.amount) : null;

  return (
    <Stack gap="xs" data-testid="appointment-fees">
      <Text size="sm" fw={600}>
        {t('calendar.dialog.fees')}
      </Text>
      {list.length === 0 && !fees.isPending && (
        <Text size="sm" c="dimmed">
          {t('calendar.dialog.noFees')}
        </Text>
      )}
      {list.length > 0 && (
        <Table verticalSpacing={4} fz="sm">
          <Table.Tbody>
            {list.map((fee) => {
              // The practice's own wording of the item, else the catalogue's short title.
              const title = fee.medicalFeeScheduleAlternativeTitle || fee.item?.titleShort || '';
              const label = fee.medicalFeeScheduleCodeValue
                ? `GOÄ ${fee.medicalFeeScheduleCodeValue}${title ? ` – ${title}` : ''}`
                : (fee.coachingTitle ?? '');
              return (
                <Table.Tr key={fee.id} data-testid="appointment-fee">
                  <Table.Td>{label}</Table.Td>
                  <Table.Td w={90}>
                    {fee.medicalFeeScheduleCodeValue && (
                      <TextInput
                        size="xs"
                        aria-label={t('fees.incrementalRate')}
                        defaultValue={rateUi(fee.incrementalRate)}
                        readOnly={isLocked}
                        inputMode="decimal"
                        error={rateErrors[fee.id]}
                        onBlur={(event) => {
                          const rate = event.currentTarget.value.trim();
                          if (rate === rateUi(fee.incrementalRate) || isLocked) return;
                          // Spec §5: a positive rate, here also within the item's maximum, checked before sending.
                          const max = fee.item ? (parseRate(fee.item.maxFactor) ?? 350) : 350;
                          const refusal = isRateWithin(rate, max)
                            ? undefined
                            : t('fees.rateInvalid', { max: formatRateUi(max) });
                          setRateErrors((current) => ({ ...current, [fee.id]: refusal }));
                          if (refusal) return;
                          changeRate.mutate({
                            id: fee.id,
                            code: fee.medicalFeeScheduleCodeValue ?? '',
                            title: fee.medicalFeeScheduleAlternativeTitle,
                            rate,
                          });
                        }}
                        data-testid="appointment-fee-rate"
                      />
                    )}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatEuro(fee.amountCents, i18n.language)}
                  </Table.Td>
                  <Table.Td w={40}>
                    {!isLocked && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('fees.remove', { label })}
                        onClick={() => remove.mutate(fee.id)}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {!isLocked && (
        <>
          <FeeCatalogueSearch
            testId="appointment-fee-search"
            onPick={(item) =>
              add.mutate({
                appointmentId,
                medicalFeeScheduleCodeValue: item.codeValue,
                medicalFeeScheduleAlternativeTitle: item.titleShort || item.title,
                incrementalRate: formatRateUi(DEFAULT_RATE_HUNDREDTHS),
              })
            }
          />
          {coaching ? (
            <CoachingFeeFields
              value={coaching}
              onChange={(change) => setCoaching({ ...coaching, ...change })}
              errors={{
                title: coaching.title.trim() ? null : t('error.required', { ns: 'validation', keySeparator: false }),
                amount:
                  coaching.amount && (coachingCents === null || coachingCents <= 0)
                    ? t('error.invalidValue', { ns: 'validation', keySeparator: false })
                    : null,
              }}
            >
              <Group gap="xs">
                <Button
                  size="xs"
                  disabled={!coaching.title.trim() || coachingCents === null || coachingCents <= 0}
                  loading={add.isPending}
                  onClick={() => {
                    add.mutate({
                      appointmentId,
                      coachingTitle: coaching.title.trim(),
                      coachingAmount: coaching.amount.trim(),
                      coachingAmountAddTax: coaching.tax,
                    });
                    setCoaching(null);
                  }}
                >
                  {t('calendar.dialog.addFee')}
                </Button>
                <Button size="xs" variant="default" onClick={() => setCoaching(null)}>
                  {t('common.cancel')}
                </Button>
              </Group>
            </CoachingFeeFields>
          ) : (
            <Button size="xs" variant="default" onClick={() => setCoaching({ title: '', amount: '', tax: 'notax' })}>
              {t('fees.addCoaching')}
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
