import { Checkbox, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useTranslation } from 'react-i18next';
import type { ErrorOutcome } from '../../lib/errors';
import { formDefaults } from '../../lib/form';
import {
  emptyTherapistSettingsValues,
  type TherapistSettingsValues,
  therapistSettingsFormSchema,
  toTherapistSettings,
} from './invoice-settings-values';

export type TherapistSettingsForm = ReturnType<typeof useTherapistSettingsForm>;

/** A therapist's invoice settings (spec foundations §3): return address, signature, two invoice options, approval. */
export function useTherapistSettingsForm() {
  const form = useForm<TherapistSettingsValues>({
    ...formDefaults,
    initialValues: emptyTherapistSettingsValues,
    validate: zod4Resolver(therapistSettingsFormSchema),
  });
  return {
    form,
    /** Shows what the server holds for the therapist (a new choice of therapist replaces the values). */
    load(values: TherapistSettingsValues) {
      form.setValues(values);
      form.resetDirty(values);
      form.clearErrors();
    },
    /** Validates; the PUT body, or null while something is invalid. */
    prepare() {
      return form.validate().hasErrors ? null : toTherapistSettings(form.getValues());
    },
    showErrors(outcome: ErrorOutcome) {
      form.setErrors(outcome.fieldErrors);
    },
  };
}

export function TherapistSettingsFields({ state, disabled }: { state: TherapistSettingsForm; disabled?: boolean }) {
  const { t } = useTranslation();
  const { form } = state;
  return (
    <Stack gap="sm">
      <TextInput
        label={t('therapistSettings.returnAddress')}
        description={t('therapistSettings.returnAddressHint')}
        required
        disabled={disabled}
        {...form.getInputProps('returnAddress')}
      />
      <Textarea
        label={t('therapistSettings.invoiceSignature')}
        required
        withAsterisk={false}
        autosize
        minRows={2}
        maxRows={6}
        disabled={disabled}
        {...form.getInputProps('invoiceSignature')}
      />
      <TextInput
        label={t('therapistSettings.qualificationLine')}
        description={t('therapistSettings.qualificationLineHint')}
        disabled={disabled}
        {...form.getInputProps('qualificationLine')}
      />
      <Checkbox
        label={t('therapistSettings.invoiceAssessmentSessions')}
        description={t('therapistSettings.invoiceAssessmentSessionsHint')}
        disabled={disabled}
        {...form.getInputProps('invoiceAssessmentSessions', { type: 'checkbox' })}
      />
      <Checkbox
        label={t('therapistSettings.invoicePatientNumber')}
        disabled={disabled}
        {...form.getInputProps('invoicePatientNumber', { type: 'checkbox' })}
      />
      <Checkbox
        label={t('therapistSettings.billingApproval')}
        description={t('therapistSettings.billingApprovalHint')}
        disabled={disabled}
        {...form.getInputProps('billingApproval', { type: 'checkbox' })}
      />
    </Stack>
  );
}
