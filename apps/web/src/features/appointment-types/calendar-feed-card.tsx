import { Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleApiError, notifySuccess } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { ConfirmDialog } from '../common/confirm-dialog';
import { appointmentTypeKeys, renewCalendarFeed, revokeCalendarFeed } from './api';

/**
 * The therapist's private calendar feed (iCal) for the phone's calendar: time, type and initials only. Its address is
 * a secret shown once when made; making a new one ends the old one, so that asks first.
 */
export function CalendarFeedCard({ therapistId, hasFeed }: { therapistId: number; hasFeed: boolean }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'renew' | 'revoke' | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: appointmentTypeKeys.settings(therapistId) });
  const renew = useMutation({
    mutationFn: () => renewCalendarFeed(therapistId),
    onSuccess: (data) => {
      setUrl(data.url);
      void reload();
    },
    onError: (error) => void handleApiError('genericCall', error),
  });
  const revoke = useMutation({
    mutationFn: () => revokeCalendarFeed(therapistId),
    onSuccess: () => {
      setUrl(null);
      notifySuccess('calendarFeed.revoked');
      void reload();
    },
    onError: (error) => void handleApiError('genericCall', error),
  });
  return (
    <Paper p="md" data-testid="calendar-feed">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('calendarFeed.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('calendarFeed.hint')}
        </Text>
        {url && (
          <TextInput
            label={t('calendarFeed.address')}
            description={t('calendarFeed.addressHint')}
            value={url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            data-testid="calendar-feed-url"
            rightSectionWidth={100}
            rightSection={
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={() => {
                      copy();
                      notifySuccess('calendarFeed.copied');
                    }}
                  >
                    {copied ? t('calendarFeed.copiedShort') : t('calendarFeed.copy')}
                  </Button>
                )}
              </CopyButton>
            }
          />
        )}
        <Group gap="xs">
          <Button
            variant="default"
            loading={renew.isPending}
            onClick={() => (hasFeed ? setConfirming('renew') : renew.mutate())}
            data-testid="calendar-feed-renew"
          >
            {hasFeed ? t('calendarFeed.renew') : t('calendarFeed.create')}
          </Button>
          {hasFeed && (
            <Button
              variant="subtle"
              color="red"
              loading={revoke.isPending}
              onClick={() => setConfirming('revoke')}
              data-testid="calendar-feed-revoke"
            >
              {t('calendarFeed.revoke')}
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming !== null}
        title={t(confirming === 'revoke' ? 'calendarFeed.revokeTitle' : 'calendarFeed.renewTitle')}
        confirmLabel={t(confirming === 'revoke' ? 'calendarFeed.revoke' : 'calendarFeed.renew')}
        isDestructive={confirming === 'revoke'}
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming === 'revoke') revoke.mutate();
          else renew.mutate();
          setConfirming(null);
        }}
      >
        <Text size="sm">{t(confirming === 'revoke' ? 'calendarFeed.revokeText' : 'calendarFeed.renewText')}</Text>
      </ConfirmDialog>
    </Paper>
  );
}
