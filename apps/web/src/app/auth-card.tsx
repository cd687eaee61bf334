import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/document-title';

type AuthCardProps = { title: string; intro?: ReactNode; children: ReactNode; maxWidth?: number };

/** The narrow centred card every sign-in and account screen uses; full width on phones. Names the tab too. */
export function AuthCard({ title, intro, children, maxWidth = 440 }: AuthCardProps) {
  useDocumentTitle(title);
  return (
    <Paper maw={maxWidth} mx="auto" p={{ base: 'md', xs: 'xl' }} shadow="xs">
      <Stack gap="md">
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {intro && (
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
