import { Code, Paper, Stack, Text, Title } from '@mantine/core';
import { formatPracticeDateTime } from '@praxia/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, dataOf } from '../../lib/api-client';

const listDevSms = () => dataOf(api.GET('/api/dev/sms', { credentials: 'omit' }));

/**
 * The SMS outbox (the invoice download's codes) below the mails. The server has the route only while the built-in
 * outbox is the SMS provider, outside production; otherwise this section stays away.
 */
export function DevSmsList() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: ['devSms'], queryFn: listDevSms, retry: false, refetchInterval: 5000 });
  if (!query.isSuccess) return null;
  return (
    <Stack gap="sm" mt="lg">
      <Title order={2} size="h3">
        {t('devMail.smsTitle')}
      </Title>
      {query.data.list.length === 0 ? (
        <Text c="dimmed">{t('devMail.smsEmpty')}</Text>
      ) : (
        query.data.list.map((sms) => (
          <Paper p="md" key={sms.id} data-testid="dev-sms">
            <Text size="sm">
              {t('devMail.to')}: {sms.recipient} · {t('devMail.sentAt')}: {formatPracticeDateTime(sms.createdAt)}
            </Text>
            <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {sms.text}
            </Code>
          </Paper>
        ))
      )}
    </Stack>
  );
}
