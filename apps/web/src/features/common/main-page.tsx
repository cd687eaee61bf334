import { Stack } from '@mantine/core';
import { isPatientAccount } from '@praxia/shared';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../auth/session';
import { StaffOverview } from '../overview/staff-overview';
import { PatientHome } from '../patient-portal/patient-home';
import { PageTitle } from './page-title';

/** The landing page (/main): a patient's appointments, documents and invoices, or the staff's overview of the day. */
export function MainPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  return (
    <Stack gap="md" maw={1100}>
      <PageTitle>{t('pages.mainTitle')}</PageTitle>
      {user && (isPatientAccount(user.roles) ? <PatientHome /> : <StaffOverview />)}
    </Stack>
  );
}
