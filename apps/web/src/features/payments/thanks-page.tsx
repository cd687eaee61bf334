import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { can, TRIAL_POLL_INTERVAL_MS } from '@praxia/shared';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getAfterLoginPath } from '../../app/after-login';
import { paths } from '../../app/paths';
import { queryClient } from '../../lib/query-client';
import { setUiState, useUiState } from '../../lib/ui-state';
import { currentUserKey, fetchCurrentUser, useCurrentUser } from '../auth/session';
import { PageTitle } from '../common/page-title';
import { getLatestPayment } from './api';
import { getThanksPhase, type ThanksPhase } from './thanks-phase';

/**
 * Where the payment provider sends the browser back (spec appointments §2.10, §4.5). The trial state is 'check'
 * while the server has not confirmed the payment: the user record is polled every 2 s until the trial end is gone,
 * then the user is reloaded (the sidebar shows everything again) and the state cleared. A payment that ended
 * without money stops the wait; without any payment (the page opened by hand) nothing is confirmed or thanked for.
 */
export function PaymentThanksPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const trialState = useUiState('trialState');
  const [hasStarted, setStarted] = useState(false);
  const [endedWithout, setEndedWithout] = useState<Extract<ThanksPhase, 'failed' | 'noPayment'> | null>(null);
  const canPay = can(user?.roles ?? 0, 'customerUpgrade', 'read');

  useEffect(() => {
    setUiState('trialState', 'check');
    setStarted(true);
  }, []);

  const isChecking = !endedWithout && (!hasStarted || trialState === 'check');
  const userPoll = useQuery({
    queryKey: ['trialCheck'],
    queryFn: fetchCurrentUser,
    enabled: isChecking,
    refetchInterval: TRIAL_POLL_INTERVAL_MS,
    staleTime: 0,
    gcTime: 0,
  });
  const paymentPoll = useQuery({
    queryKey: ['latestPayment'],
    queryFn: getLatestPayment,
    enabled: isChecking && canPay,
    refetchInterval: TRIAL_POLL_INTERVAL_MS,
    staleTime: 0,
    gcTime: 0,
  });

  const phase = getThanksPhase(userPoll.data ?? null, paymentPoll.isSuccess ? paymentPoll.data : undefined, canPay);
  useEffect(() => {
    if (!hasStarted || !isChecking || phase === 'waiting') return;
    if (phase === 'failed' || phase === 'noPayment') {
      setEndedWithout(phase);
      setUiState('trialState', null);
      return;
    }
    // The thanks (and its way on) shows once the reloaded user has reached the sidebar and the guards.
    void queryClient.invalidateQueries({ queryKey: currentUserKey }).finally(() => setUiState('trialState', null));
  }, [hasStarted, isChecking, phase]);

  let content: ReactNode;
  if (endedWithout === 'noPayment') {
    content = (
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" role="status" data-testid="payment-none">
          <IconInfoCircle size={24} color="var(--mantine-color-petrol-7)" aria-hidden style={{ flexShrink: 0 }} />
          <Text>{t('upgrade.noPayment')}</Text>
        </Group>
        <Button component={Link} to={user ? getAfterLoginPath(user, null) : paths.main} w="fit-content">
          {t('upgrade.backToApp')}
        </Button>
      </Stack>
    );
  } else if (endedWithout === 'failed') {
    content = (
      <Stack gap="md">
        <Alert color="orange" data-testid="payment-not-completed">
          {t('upgrade.paymentNotCompleted')}
        </Alert>
        <Button component={Link} to={paths.upgrade} w="fit-content">
          {t('upgrade.retry')}
        </Button>
      </Stack>
    );
  } else if (isChecking) {
    content = (
      <Group gap="sm" role="status" aria-live="polite" data-testid="payment-waiting">
        <Loader size="sm" aria-hidden />
        <Text>{t('upgrade.waiting')}</Text>
      </Group>
    );
  } else {
    content = (
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" role="status" data-testid="payment-thanks">
          <IconCircleCheck size={28} color="var(--mantine-color-teal-7)" aria-hidden />
          <Text fw={600}>{t('upgrade.thanks')}</Text>
        </Group>
        <Button component={Link} to={user ? getAfterLoginPath(user, null) : paths.main} w="fit-content">
          {t('upgrade.continue')}
        </Button>
      </Stack>
    );
  }

  return (
    <Paper p={{ base: 'md', xs: 'xl' }} maw={640}>
      <PageTitle>{t('upgrade.thanksTitle')}</PageTitle>
      {content}
    </Paper>
  );
}
