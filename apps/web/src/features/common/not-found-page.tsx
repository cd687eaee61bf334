import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('pages.notFoundTitle'));
  return (
    <Stack align="center" gap="lg" py="xl">
      <Text fz={64} fw={700} c="dimmed" aria-hidden>
        404
      </Text>
      <Title order={1} size="h2" ta="center">
        {t('pages.notFound')}
      </Title>
      <Button onClick={() => void navigate('/')}>{t('pages.goHome')}</Button>
    </Stack>
  );
}
