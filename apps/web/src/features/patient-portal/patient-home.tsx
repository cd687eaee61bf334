import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../auth/session';
import { OwnAppointmentsCard } from './own-appointments-card';
import { OwnDocumentsCard } from './own-documents-card';
import { OwnInvoicesCard } from './own-invoices-card';

/** The patient's landing page: their next appointments, the documents shared with them, their invoices. */
export function PatientHome() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  return (
    <Stack gap="md">
      <Text>{t('overview.patientIntro', { name: user ? `${user.firstName} ${user.lastName}` : '' })}</Text>
      <OwnAppointmentsCard />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <OwnDocumentsCard />
        <OwnInvoicesCard />
      </SimpleGrid>
    </Stack>
  );
}
