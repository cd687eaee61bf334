import { Button, Checkbox, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { can, DEFAULT_PAGE_SIZE } from '@praxia/shared';
import { IconCode, IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { handleApiError, notifySuccess } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { useCalendarTherapist } from '../appointments/use-calendar-therapist';
import { LabelledPagination } from '../common/list-pager';
import { PageTitle } from '../common/page-title';
import { iframeSnippet } from '../user-list/iframe-snippet';
import {
  appointmentTypeKeys,
  getCalendarSettings,
  listAppointmentTypes,
  patchAppointmentType,
  setOnsiteNotificationDefault,
} from './api';
import { CalendarFeedCard } from './calendar-feed-card';
import { typePaths } from './navigation';
import { TypeTable } from './type-table';

/** The appointment types of the calendar's therapist (spec appointments §2.3). */
export function TypeListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, roles, therapistId } = useCalendarTherapist();
  const [page, setPage] = useState(1);
  const limit = DEFAULT_PAGE_SIZE;
  // A new therapist in the sidebar starts on the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the therapist resets the page.
  useEffect(() => setPage(1), [therapistId]);

  const list = useQuery({
    queryKey: appointmentTypeKeys.list(therapistId ?? 0, page, limit),
    queryFn: () => listAppointmentTypes(therapistId ?? 0, page, limit),
    enabled: therapistId !== null,
    placeholderData: keepPreviousData,
  });
  const settings = useQuery({
    queryKey: appointmentTypeKeys.settings(therapistId ?? 0),
    queryFn: () => getCalendarSettings(therapistId ?? 0),
    enabled: therapistId !== null,
  });
  useEffect(() => {
    if (list.error) handleApiError('genericCall', list.error);
  }, [list.error]);

  const toggle = useMutation({
    mutationFn: ({ id, deactivated }: { id: number; deactivated: boolean }) =>
      patchAppointmentType(id, { deactivated }),
    onSuccess: () => {
      notifySuccess('common.updateSuccess');
      void queryClient.invalidateQueries({ queryKey: appointmentTypeKeys.all });
    },
    onError: (error) => void handleApiError('appointmentTypeToggle', error),
  });
  const notification = useMutation({
    mutationFn: (isOn: boolean) => setOnsiteNotificationDefault(therapistId ?? 0, isOn),
    onSuccess: (data) => {
      queryClient.setQueryData(appointmentTypeKeys.settings(therapistId ?? 0), data);
      notifySuccess('common.updateSuccess');
    },
    onError: (error) => void handleApiError('genericCall', error),
  });

  const copySnippet = () => {
    const snippet = iframeSnippet(window.location.origin, therapistId ?? 0, user?.customerId ?? 0);
    navigator.clipboard.writeText(snippet).then(
      () => notifySuccess('appointmentTypes.iframeCopied'),
      (error: unknown) => void handleApiError('default', error),
    );
  };

  const rows = list.data?.list ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.maxItems ?? 0) / limit));
  const canEdit = can(roles, 'appointmentType', 'edit');

  return (
    <Paper p={{ base: 'md', xs: 'xl' }}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <PageTitle>{t('appointmentTypes.title')}</PageTitle>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconCode size={18} aria-hidden />}
            onClick={copySnippet}
            disabled={therapistId === null || !user?.customerId}
            data-testid="type-iframe"
          >
            {t('appointmentTypes.iframe')}
          </Button>
          {can(roles, 'appointmentType', 'create') && (
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => void navigate(typePaths.create)}
              data-testid="type-create"
            >
              {t('appointmentTypes.create')}
            </Button>
          )}
        </Group>
      </Group>
      <Stack gap="md">
        {settings.data ? (
          <Checkbox
            label={t('appointmentTypes.onsiteNotification')}
            description={t('appointmentTypes.onsiteNotificationHint')}
            checked={settings.data.appointmentOnsiteNotificationDefault}
            disabled={!canEdit || notification.isPending}
            onChange={(event) => notification.mutate(event.currentTarget.checked)}
            data-testid="type-onsite-notification"
          />
        ) : (
          <Skeleton h={40} aria-hidden />
        )}
        {list.isPending ? (
          <Stack gap="xs" aria-hidden>
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} h={36} />
            ))}
          </Stack>
        ) : rows.length === 0 ? (
          <Text py="lg" ta="center" fw={600} data-testid="type-list-empty">
            {t('appointmentTypes.empty')}
          </Text>
        ) : (
          <TypeTable
            rows={rows}
            canEdit={canEdit}
            onEdit={(type) => void navigate(typePaths.edit(type.id))}
            onToggle={(type) => toggle.mutate({ id: type.id, deactivated: !type.deactivated })}
          />
        )}
        <LabelledPagination page={page} pages={pages} onPageChange={setPage} />
        {settings.data && therapistId !== null && canEdit && (
          <CalendarFeedCard therapistId={therapistId} hasFeed={settings.data.hasCalendarFeed} />
        )}
      </Stack>
    </Paper>
  );
}
