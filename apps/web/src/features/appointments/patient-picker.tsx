import { Anchor, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PhoneCountrySelect, SalutationSelect } from '../common/contact-selects';
import { appointmentKeys, searchPatients } from './api';
import type { AppointmentFormValues } from './appointment-form-values';

const SEARCH_DEBOUNCE_MS = 200;
const NEW_PATIENT_PATH = `/user/create?isPatient=true&redirectTo=${encodeURIComponent('/appointment/list')}`;

type NamedPatient = { firstName: string; lastName: string; patientNumber: number | null };

/** 'Wagner, Julia · Nr. 12': the number tells two patients of one name apart, and confirms a search by number. */
export const patientNameWithNumber = (patient: NamedPatient, t: TFunction) =>
  [
    `${patient.lastName}, ${patient.firstName}`,
    patient.patientNumber === null
      ? ''
      : ` · ${t('calendar.dialog.patientOptionNumber', { number: patient.patientNumber })}`,
  ].join('');

type Props = {
  form: UseFormReturnType<AppointmentFormValues>;
  therapistId: number | null;
  disabled: boolean;
};

/**
 * Who the appointment is for (spec §2.2): a patient of the practice found by name, or a new one — in the patient
 * form (create mode, back to the calendar afterwards) or with name and e-mail typed in here.
 */
export function PatientPicker({ form, therapistId, disabled }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [isInline, setInline] = useState(form.values.clientId === null && form.values.lastName !== '');
  const results = useQuery({
    queryKey: appointmentKeys.patients(therapistId ?? 0, debounced),
    queryFn: () => searchPatients(therapistId ?? 0, debounced),
    enabled: therapistId !== null && debounced.length >= 1 && !disabled,
  });
  const { clientId, clientLabel } = form.values;
  const options = (results.data ?? []).map((patient) => ({
    value: String(patient.id),
    label: `${patientNameWithNumber(patient, t)}${patient.email ? ` (${patient.email})` : ''}`,
  }));
  if (clientId !== null && !options.some((option) => option.value === String(clientId))) {
    options.unshift({ value: String(clientId), label: clientLabel || String(clientId) });
  }

  return (
    <Stack gap="xs">
      <Select
        label={t('calendar.dialog.patient')}
        placeholder={t('calendar.dialog.patientSearchHint')}
        searchable
        clearable={!disabled}
        disabled={disabled}
        data={options}
        value={clientId === null ? null : String(clientId)}
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
        nothingFoundMessage={debounced ? t('profile.nothingFound') : undefined}
        onChange={(value, option) => {
          form.setFieldValue('clientId', value ? Number(value) : null);
          form.setFieldValue('clientLabel', value ? option.label : '');
          if (value) setInline(false);
        }}
        data-testid="patient-picker"
      />
      {clientId === null && !disabled && (
        <Group gap="xs">
          <Button
            variant="light"
            size="xs"
            leftSection={<IconUserPlus size={16} aria-hidden />}
            onClick={() => setInline(true)}
            data-testid="new-patient-inline"
          >
            {t('calendar.dialog.newPatient')}
          </Button>
          <Anchor component={Link} to={NEW_PATIENT_PATH} size="sm" data-testid="new-patient-form">
            {t('calendar.dialog.newPatientForm')}
          </Anchor>
        </Group>
      )}
      {clientId === null && isInline && (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t('calendar.dialog.newPatientInline')}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <SalutationSelect
              label={t('calendar.dialog.salutation')}
              disabled={disabled}
              {...form.getInputProps('salutation')}
              data-testid="client-salutation"
            />
            <TextInput
              label={t('calendar.dialog.firstName')}
              disabled={disabled}
              {...form.getInputProps('firstName')}
            />
            <TextInput label={t('calendar.dialog.lastName')} disabled={disabled} {...form.getInputProps('lastName')} />
            <TextInput
              label={t('calendar.dialog.email')}
              type="email"
              disabled={disabled}
              {...form.getInputProps('email')}
            />
            <PhoneCountrySelect
              label={t('calendar.dialog.phoneCountry')}
              disabled={disabled}
              allowDeselect={false}
              {...form.getInputProps('phoneCountry')}
              data-testid="client-phone-country"
            />
            <TextInput
              label={t('calendar.dialog.phone')}
              type="tel"
              disabled={disabled}
              {...form.getInputProps('phone')}
            />
            <TextInput label={t('calendar.dialog.street')} disabled={disabled} {...form.getInputProps('street')} />
            <TextInput
              label={t('calendar.dialog.postalCode')}
              disabled={disabled}
              {...form.getInputProps('postalCode')}
            />
            <TextInput label={t('calendar.dialog.city')} disabled={disabled} {...form.getInputProps('city')} />
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}
