import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { formatPracticeDate, formatPracticeDateTime, toPracticeIsoDate } from '@praxia/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { listTodaysAppointments, overviewKeys } from './api';
import { OverviewCard } from './overview-card';

const timeOf = (iso: string) => formatPracticeDateTime(iso).slice(11);

/** Today's appointments of the therapist: time, patient, type and state; the day in the calendar one click away. */
export function TodayCard({ therapistId }: { therapistId: number }) {
  const { t } = useTranslation();
  const today = new Date();
  const query = useQuery({
    queryKey: overviewKeys.today(therapistId),
    queryFn: () => listTodaysAppointments(therapistId, today),
  });
  const all = query.data?.list ?? [];
  const booked = all.filter((appointment) => appointment.state !== 'available');
  const free = all.length - booked.length;

  return (
    <OverviewCard
      title={t('overview.todayTitle', { date: formatPracticeDate(today) })}
      state={query}
      testId="overview-today"
    >
      {booked.length === 0 ? (
        <Text c="dimmed">{t('overview.todayEmpty')}</Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {booked.map((appointment) => (
            <Group key={appointment.id} component="li" gap="xs" wrap="wrap" data-testid="overview-today-row">
              <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {timeOf(appointment.appointmentStart)}–{timeOf(appointment.appointmentEnd)}
              </Text>
              <Text style={{ overflowWrap: 'anywhere' }}>
                {[appointment.client?.firstName, appointment.client?.lastName].filter(Boolean).join(' ')}
              </Text>
              {appointment.meetingType && (
                <Text c="dimmed" size="sm">
                  {appointment.meetingType.name}
                </Text>
              )}
              <Badge variant="filled" size="sm" color={appointment.state === 'taken' ? 'blue.9' : 'teal.9'}>
                {t(`calendar.states.${appointment.state}`)}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
      {free > 0 && <Text size="sm">{t('overview.todayFree', { count: free })}</Text>}
      <Anchor component={Link} to={`${paths.appointmentList}?day=${toPracticeIsoDate(today)}`}>
        {t('overview.openCalendarDay')}
      </Anchor>
    </OverviewCard>
  );
}
