import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { countBillableAppointments, overviewKeys } from './api';
import { OverviewCard } from './overview-card';

/** How many billable appointments still wait for their invoice; the calendar's invoice menu issues them. */
export function BillingCard({ therapistId }: { therapistId: number }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: overviewKeys.billable(therapistId),
    queryFn: () => countBillableAppointments(therapistId),
  });
  const count = query.data ?? 0;
  return (
    <OverviewCard title={t('overview.billableTitle')} state={query} testId="overview-billable">
      <Text data-testid="overview-billable-count">
        {count > 0 ? t('overview.billableCount', { count }) : t('overview.billableNone')}
      </Text>
      <Anchor component={Link} to={paths.appointmentList}>
        {t('overview.openCalendar')}
      </Anchor>
    </OverviewCard>
  );
}
