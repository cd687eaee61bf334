import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { getTrialRemaining } from '@praxia/shared';
import { IconCreditCard } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { handleApiError } from '../../lib/notify';
import { reloadCurrentUser, useCurrentUser } from '../auth/session';
import { PageTitle } from '../common/page-title';
import { startPayment } from '../payments/api';
import { PlanInvoices } from './plan-invoices';
import { getTrialRemainingText } from './trial-text';

/** Remaining trial time, the price and the way to the payment provider (spec foundations §2 Customer upgrade). */
export function UpgradePage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const payment = useMutation({
    mutationFn: startPayment,
    onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
    // The mutation clears its pending flag on success and failure alike, so the button never stays busy.
    onError: (error) => {
      if (handleApiError('payment', error).effect === 'reloadUser') void reloadCurrentUser().catch(() => null);
    },
  });

  const remaining = user?.trialExpiresAt ? getTrialRemaining(user.trialExpiresAt) : null;
  const remainingText = remaining ? getTrialRemainingText(remaining) : null;
  // Without a trial end the practice already has the full version: nothing to pay.
  const hasFullVersion = user !== null && !user.trialExpiresAt;

  return (
    <Paper p={{ base: 'md', xs: 'xl' }} maw={640}>
      <PageTitle>{t('upgrade.title')}</PageTitle>
      <Stack gap="md">
        {remaining && remainingText && (
          <Alert color={remaining.unit === 'expired' ? 'orange' : 'petrol'} data-testid="trial-remaining">
            {t(remainingText.key, { count: remainingText.count })}
          </Alert>
        )}
        <Text fz="xl" fw={700} data-testid="upgrade-price">
          {t('upgrade.price')}
        </Text>
        <Text size="sm">{t('upgrade.cancellation')}</Text>
        {hasFullVersion ? (
          <Alert color="petrol" data-testid="upgrade-full-version">
            {t('upgrade.alreadyFull')}
          </Alert>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('trial.searchHidden')}
            </Text>
            <Button
              leftSection={<IconCreditCard size={18} aria-hidden />}
              loading={payment.isPending}
              onClick={() => payment.mutate()}
              w="fit-content"
            >
              {t('upgrade.toPayment')}
            </Button>
          </>
        )}
        <PlanInvoices />
      </Stack>
    </Paper>
  );
}
