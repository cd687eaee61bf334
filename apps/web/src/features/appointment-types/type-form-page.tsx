import { Button, Group, Paper, Radio, Select, Skeleton, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { TYPE_LOCATIONS } from '@praxia/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useGoBack } from '../../app/use-go-back';
import { formDefaults } from '../../lib/form';
import { handleApiError, notifySuccess } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { useCalendarTherapist } from '../appointments/use-calendar-therapist';
import { PageTitle } from '../common/page-title';
import { appointmentTypeKeys, createAppointmentType, getAppointmentType, patchAppointmentType } from './api';
import { typePaths } from './navigation';
import {
  bookingDeadlineOptions,
  emptyTypeValues,
  type TypeFormValues,
  toTypePayload,
  toTypeValues,
  typeFormSchema,
} from './type-form-values';

const NO_INSURANCE = 'any';

/** Create (/appointment/types/create) and edit (/appointment/types/edit/:id) an appointment type (spec §2.3, §3, §5). */
export function TypeFormPage() {
  const { t } = useTranslation();
  const goBack = useGoBack(typePaths.list);
  const { id } = useParams();
  const typeId = id ? Number(id) : null;
  const isEdit = typeId !== null;
  const { therapistId } = useCalendarTherapist();
  const form = useForm<TypeFormValues>({
    ...formDefaults,
    initialValues: emptyTypeValues,
    validate: (values) => zod4Resolver(typeFormSchema)(toTypePayload(values, therapistId ?? 1)),
  });

  const existing = useQuery({
    queryKey: appointmentTypeKeys.one(typeId ?? 0),
    queryFn: () => getAppointmentType(typeId ?? 0),
    enabled: isEdit && Number.isInteger(typeId),
    retry: false,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form object is stable; only a new record resets it.
  useEffect(() => {
    if (!existing.data) return;
    form.setValues(toTypeValues(existing.data));
    form.resetDirty(toTypeValues(existing.data));
  }, [existing.data]);
  useEffect(() => {
    // Spec §8: a forbidden (or unknown) type goes back.
    if (existing.error && handleApiError('appointmentTypeLoad', existing.error).effect === 'goBack') goBack();
  }, [existing.error, goBack]);

  const save = useMutation({
    mutationFn: (values: TypeFormValues) => {
      const body = toTypePayload(values, therapistId ?? 0);
      return isEdit ? patchAppointmentType(typeId, body) : createAppointmentType(body);
    },
    onSuccess: () => {
      notifySuccess('common.updateSuccess');
      void queryClient.invalidateQueries({ queryKey: appointmentTypeKeys.all });
      goBack();
    },
    onError: (error) => {
      const outcome = handleApiError('genericCall', error);
      form.setErrors(outcome.fieldErrors);
    },
  });

  if (isEdit && existing.isPending) {
    return (
      <Paper p="xl">
        <Skeleton h={280} aria-hidden />
      </Paper>
    );
  }

  return (
    <Paper p={{ base: 'md', xs: 'xl' }} maw={640}>
      <PageTitle>{t(isEdit ? 'appointmentTypes.editTitle' : 'appointmentTypes.createTitle')}</PageTitle>
      <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
        <Stack gap="sm">
          <TextInput label={t('appointmentTypes.name')} required {...form.getInputProps('name')} />
          <Radio.Group label={t('appointmentTypes.location')} required {...form.getInputProps('location')}>
            <Group gap="md" mt={4}>
              {TYPE_LOCATIONS.map((location) => (
                <Radio key={location} value={location} label={t(`appointmentTypes.locations.${location}`)} />
              ))}
            </Group>
          </Radio.Group>
          <TextInput
            label={t('appointmentTypes.durationMinutes')}
            required
            inputMode="numeric"
            {...form.getInputProps('duration')}
          />
          <Select
            label={t('appointmentTypes.insuranceType')}
            data={[
              { value: NO_INSURANCE, label: t('appointmentTypes.any') },
              { value: 'legally', label: t('appointmentTypes.insurance.legally') },
              { value: 'privately', label: t('appointmentTypes.insurance.privately') },
            ]}
            value={form.values.insuranceType ?? NO_INSURANCE}
            onChange={(value) =>
              form.setFieldValue('insuranceType', value === 'legally' || value === 'privately' ? value : null)
            }
            allowDeselect={false}
          />
          <Select
            label={t('appointmentTypes.bookingDeadline')}
            description={t('appointmentTypes.bookingDeadlineHint')}
            data={bookingDeadlineOptions.map((option) => ({ value: option.value, label: t(option.labelKey) }))}
            allowDeselect={false}
            {...form.getInputProps('bookingDeadline')}
          />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={goBack}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="type-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
