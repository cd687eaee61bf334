import { Stack, Text } from '@mantine/core';
import { formatPracticeDate, printedJobTitle } from '@praxia/shared';
import { useTranslation } from 'react-i18next';
import type { HistoryList } from './api';

/**
 * The printout's heading (header menu → print): whose documentation it is, from which practice and therapist, and
 * when it was printed, so a page that leaves the practice is still attributable. The pages are numbered by print.css.
 */
export function PrintHeading({ client }: { client: HistoryList['client'] }) {
  const { t, i18n } = useTranslation();
  const therapist = client.therapist;
  const therapistLine = therapist
    ? [
        [therapist.title, therapist.firstName, therapist.lastName].filter(Boolean).join(' '),
        printedJobTitle(therapist, i18n.language),
      ]
        .filter(Boolean)
        .join(', ')
    : null;
  const name = `${client.lastName}, ${client.firstName}`;
  return (
    <Stack gap={2} className="mh-print-only" data-testid="history-print-heading">
      {client.practiceName && <Text fw={700}>{client.practiceName}</Text>}
      {therapistLine && <Text>{therapistLine}</Text>}
      <Text>
        {client.birthday
          ? t('medicalHistory.printPatient', {
              name,
              birthday: formatPracticeDate(client.birthday),
              number: client.patientNumber,
            })
          : t('medicalHistory.printPatientNoBirthday', { name, number: client.patientNumber })}
      </Text>
      <Text size="sm">{t('medicalHistory.printedOn', { date: formatPracticeDate(new Date()) })}</Text>
      <Text fw={700} mt="sm">
        {t('medicalHistory.printHeading')}
      </Text>
    </Stack>
  );
}
