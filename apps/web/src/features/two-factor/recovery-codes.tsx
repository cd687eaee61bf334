import { Alert, Button, Code, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../lib/save-blob';

/** The recovery codes, shown once right after the enrolment, with a download as a text file. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const download = () =>
    saveBlob(new Blob([`${t('twoFactor.recoveryFileHeader')}\n\n${codes.join('\n')}\n`]), 'praxia-recovery-codes.txt');
  return (
    <Stack gap="sm">
      <Alert color="yellow" title={t('twoFactor.recoveryTitle')}>
        {t('twoFactor.recoveryText')}
      </Alert>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" aria-label={t('twoFactor.recoveryTitle')}>
        {codes.map((code) => (
          <Code key={code} fz="md">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {t('twoFactor.recoveryOnce')}
      </Text>
      <Button variant="default" onClick={download}>
        {t('twoFactor.recoveryDownload')}
      </Button>
      <Button onClick={onDone}>{t('twoFactor.recoveryDone')}</Button>
    </Stack>
  );
}
