import { Alert, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from './page-title';

/** Legal texts are binding in German only; English readers are told so instead of reading a loose translation. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper p={{ base: 'md', xs: 'xl' }} maw={860} mx="auto">
      <PageTitle>{title}</PageTitle>
      {i18n.language !== 'de' && (
        <Alert color="gray" mb="md">
          {t('legal.germanOnly')}
        </Alert>
      )}
      <Stack gap="lg" lang="de">
        {children}
      </Stack>
    </Paper>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      <Stack gap="xs">{children}</Stack>
    </section>
  );
}

/** A block of legal text: a paragraph, or a bullet list when given an array. */
export function LegalText({ content }: { content: string | readonly string[] }) {
  if (typeof content === 'string') return <Text size="sm">{content}</Text>;
  return (
    <List size="sm" spacing={4}>
      {content.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  );
}
