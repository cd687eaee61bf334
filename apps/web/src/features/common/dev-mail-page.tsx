import { Alert, Anchor, Badge, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { formatPracticeDateTime } from '@praxia/shared';
import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../app/page-loader';
import { describeApiError } from '../../lib/errors';
import { resolveText } from '../../lib/i18n';
import { type DevMail, listDevMails } from './api';
import { DevSmsList } from './dev-sms-list';
import { PageTitle } from './page-title';

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** Mail text with its links clickable (sign-in codes, reset and confirmation links are what developers need). */
function LinkedText({ text }: { text: string }) {
  // Keys are the parts' character offsets: stable and unique for a given text.
  let offset = 0;
  const parts: ReactNode[] = text.split(URL_PATTERN).map((part, index) => {
    const key = offset;
    offset += part.length;
    return index % 2 === 1 ? (
      <Anchor key={`link-${key}`} href={part}>
        {part}
      </Anchor>
    ) : (
      <Fragment key={`text-${key}`}>{part}</Fragment>
    );
  });
  return (
    <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {parts}
    </Code>
  );
}

function MailCard({ mail }: { mail: DevMail }) {
  const { t } = useTranslation();
  return (
    <Paper p="md" data-testid="dev-mail">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text fw={600}>{mail.subject}</Text>
          <Badge variant="light" color="gray">
            {mail.state}
          </Badge>
        </Group>
        <Text size="sm">
          {t('devMail.to')}: {mail.recipient} · {t('devMail.sentAt')}: {formatPracticeDateTime(mail.createdAt)}
        </Text>
        <LinkedText text={mail.textBody} />
      </Stack>
    </Paper>
  );
}

/** The development outbox: every mail the app produced, newest first, and the kept SMS. The server has no such route in production. */
export function DevMailPage() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: ['devMail'], queryFn: listDevMails, retry: false, refetchInterval: 5000 });

  if (query.isPending) return <PageLoader />;
  let content: ReactNode;
  if (query.isError) {
    const outcome = describeApiError('devMail', query.error);
    const message =
      outcome.effect === 'unavailable' ? t('devMail.unavailable') : outcome.toast && resolveText(outcome.toast.message);
    content = <Alert color="gray">{message}</Alert>;
  } else {
    const mails = [...query.data.list].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
    content =
      mails.length === 0 ? (
        <Alert color="gray">{t('devMail.empty')}</Alert>
      ) : (
        mails.map((mail) => <MailCard key={mail.id} mail={mail} />)
      );
  }
  return (
    <Stack maw={900} mx="auto">
      <PageTitle>{t('devMail.title')}</PageTitle>
      {content}
      <DevSmsList />
    </Stack>
  );
}
