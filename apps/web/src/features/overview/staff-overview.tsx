import { Anchor, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { can, hasRole, Role } from '@praxia/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { calendarBillingActions } from '../appointments/billing-actions';
import { useCalendarTherapist } from '../appointments/use-calendar-therapist';
import { BillingCard } from './billing-card';
import { OpenInvoicesCard } from './open-invoices-card';
import { TodayCard } from './today-card';

/**
 * The staff's landing page: today's appointments, billable ones waiting for an invoice and the open invoices, each
 * block only for those whose role has it. Whose: a therapist's own; an assistant's therapist chosen in the sidebar,
 * as the calendar and the invoice list show it.
 */
export function StaffOverview() {
  const { t } = useTranslation();
  const { roles, actsForTherapist, therapistId, therapistName } = useCalendarTherapist();
  const hasCalendar = can(roles, 'appointment', 'read');
  const { hasBillingMenu } = calendarBillingActions(roles);
  const hasInvoices = can(roles, 'invoice', 'read');

  if (!hasCalendar && !hasInvoices) {
    if (!hasRole(roles, Role.ADMIN)) return null;
    // A platform administrator has no calendar and no invoices: where their work is instead.
    return (
      <Stack gap="xs">
        <Text>{t('overview.adminIntro')}</Text>
        <Group gap="md">
          <Anchor component={Link} to={paths.customerList}>
            {t('overview.adminPractices')}
          </Anchor>
          <Anchor component={Link} to={paths.userList}>
            {t('overview.adminUsers')}
          </Anchor>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Text>
        {actsForTherapist && therapistName ? t('overview.forTherapist', { name: therapistName }) : t('overview.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {hasCalendar && therapistId !== null && <TodayCard therapistId={therapistId} />}
        {hasCalendar && hasBillingMenu && therapistId !== null && <BillingCard therapistId={therapistId} />}
        {hasInvoices && (!actsForTherapist || therapistId !== null) && (
          <OpenInvoicesCard therapistId={actsForTherapist ? therapistId : null} />
        )}
      </SimpleGrid>
    </Stack>
  );
}
