import { Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { handleApiError } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { goaeEntryOf } from '../fees/fee-rates';
import { FeeCatalogueSearch } from '../fees/fee-row-fields';
import {
  type AppointmentFee,
  appointmentKeys,
  createAppointmentFee,
  deleteAppointmentFee,
  feeKeys,
  listAppointmentFees,
  patchAppointmentFee,
} from './api';
import { AppointmentFeeRow } from './appointment-fee-row';
import { CoachingFeeDraft } from './coaching-fee-draft';

type Props = { appointmentId: number; isLocked: boolean };

/**
 * The appointment's invoice items (spec §3, §5): GOÄ entries found from the first character, their rate with a comma;
 * coaching entries with title, amount and tax. Each change is saved at once; locked once billable or billed.
 */
export function FeeEditor({ appointmentId, isLocked }: Props) {
  const { t } = useTranslation();
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
  const change = useMutation({
    mutationFn: ({ fee, rate, justification }: { fee: AppointmentFee; rate: string; justification: string | null }) =>
      patchAppointmentFee(fee.id, {
        medicalFeeScheduleCodeValue: fee.medicalFeeScheduleCodeValue ?? '',
        medicalFeeScheduleAlternativeTitle: fee.medicalFeeScheduleAlternativeTitle,
        incrementalRate: rate,
        justification,
      }),
    onSuccess: reload,
    onError,
  });
  const remove = useMutation({ mutationFn: deleteAppointmentFee, onSuccess: reload, onError });
  const list = fees.data ?? [];

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
            {list.map((fee) => (
              <AppointmentFeeRow
                key={fee.id}
                fee={fee}
                isLocked={isLocked}
                onSave={(values) => change.mutate({ fee, ...values })}
                onRemove={() => remove.mutate(fee.id)}
              />
            ))}
          </Table.Tbody>
        </Table>
      )}
      {!isLocked && (
        <>
          <FeeCatalogueSearch
            testId="appointment-fee-search"
            onPick={(item) => {
              const entry = goaeEntryOf(item);
              add.mutate({
                appointmentId,
                medicalFeeScheduleCodeValue: entry.codeValue,
                medicalFeeScheduleAlternativeTitle: entry.alternativeTitle,
                incrementalRate: entry.rate,
              });
            }}
          />
          <CoachingFeeDraft
            isAdding={add.isPending}
            onAdd={(coaching) =>
              add.mutate({
                appointmentId,
                coachingTitle: coaching.title,
                coachingAmount: coaching.amount,
                coachingAmountAddTax: coaching.tax,
              })
            }
          />
        </>
      )}
    </Stack>
  );
}
