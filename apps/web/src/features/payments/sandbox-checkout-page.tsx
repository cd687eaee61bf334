import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { SandboxOutcome } from '@praxia/shared';
import { IconFlask } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../app/page-loader';
import { paths } from '../../app/paths';
import { describeApiError } from '../../lib/errors';
import { formatEuro } from '../../lib/format';
import { resolveText } from '../../lib/i18n';
import { handleApiError } from '../../lib/notify';
import { PageTitle } from '../common/page-title';
import { completeSandboxCheckout, getSandboxCheckout } from './api';

const OUTCOMES: { outcome: SandboxOutcome; color?: string; variant: 'filled' | 'default' | 'light' }[] = [
  { outcome: 'paid', variant: 'filled' },
  { outcome: 'failed', color: 'red', variant: 'light' },
  { outcome: 'canceled', variant: 'default' },
];

function PaymentClosed() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="sandbox-closed">
      <Alert color="gray">{t('payment.notOpen')}</Alert>
      <Anchor component={Link} to={paths.upgrade}>
        {t('payment.backToUpgrade')}
      </Anchor>
    </Stack>
  );
}

/**
 * The built-in test provider's checkout (development and tests): the person decides how the payment ends, the
 * provider notifies the server and sends the browser back to the app, as a real provider would.
 */
export function SandboxCheckoutPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const [isClosed, setClosed] = useState(false);
  const checkout = useQuery({
    queryKey: ['sandboxCheckout', id],
    queryFn: () => getSandboxCheckout(id),
    retry: false,
    staleTime: 0,
  });
  const complete = useMutation({
    mutationFn: (outcome: SandboxOutcome) => completeSandboxCheckout(id, outcome),
    onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
    onError: (error) => {
      if (handleApiError('sandboxCheckout', error).effect === 'paymentClosed') setClosed(true);
    },
  });

  let content: ReactNode;
  if (checkout.isPending) {
    content = <PageLoader />;
  } else if (checkout.isError) {
    const outcome = describeApiError('sandboxCheckout', checkout.error);
    content =
      outcome.effect === 'paymentClosed' ? (
        <PaymentClosed />
      ) : (
        <Alert color="red">{outcome.toast && resolveText(outcome.toast.message)}</Alert>
      );
  } else if (isClosed || checkout.data.status !== 'open') {
    content = <PaymentClosed />;
  } else {
    content = (
      <Stack gap="md">
        <Alert color="orange" variant="light" icon={<IconFlask size={18} aria-hidden />}>
          {t('payment.sandboxNote')}
        </Alert>
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {t('payment.description')}
          </Text>
          <Text fw={600} data-testid="sandbox-description">
            {checkout.data.description}
          </Text>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {t('payment.amount')}
          </Text>
          <Text fz="xl" fw={700} data-testid="sandbox-amount">
            {formatEuro(checkout.data.amountCents, i18n.language)}
          </Text>
        </Stack>
        <Group gap="sm">
          {OUTCOMES.map(({ outcome, color, variant }) => (
            <Button
              key={outcome}
              color={color}
              variant={variant}
              loading={complete.isPending && complete.variables === outcome}
              disabled={complete.isPending && complete.variables !== outcome}
              onClick={() => complete.mutate(outcome)}
            >
              {t(`payment.outcome.${outcome}`)}
            </Button>
          ))}
        </Group>
      </Stack>
    );
  }

  return (
    <Paper p={{ base: 'md', xs: 'xl' }} maw={560} mx="auto">
      <PageTitle>{t('payment.sandboxTitle')}</PageTitle>
      {content}
    </Paper>
  );
}
