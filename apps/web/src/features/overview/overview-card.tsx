import { Alert, Paper, Skeleton, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type OverviewCardProps = {
  title: string;
  /** The query behind the card: a skeleton while it loads, a short notice when it failed. */
  state: { isPending: boolean; isError: boolean };
  children: ReactNode;
  testId: string;
};

/** One block of a landing page: a heading and its content, or its loading or failure state. */
export function OverviewCard({ title, state, children, testId }: OverviewCardProps) {
  const { t } = useTranslation();
  return (
    <Paper p={{ base: 'sm', xs: 'lg' }} withBorder component="section" aria-label={title} data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {state.isPending ? (
          <Skeleton h={60} aria-hidden />
        ) : state.isError ? (
          <Alert color="red">{t('overview.loadFailed')}</Alert>
        ) : (
          children
        )}
      </Stack>
    </Paper>
  );
}
