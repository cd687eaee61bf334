import { Checkbox, SimpleGrid, Stack, Textarea } from '@mantine/core';
import {
  JUSTIFICATION_KEYS,
  JUSTIFICATION_MAX_LENGTH,
  type JustificationKey,
  parseJustifications,
  withJustificationSentence,
} from '@praxia/shared';
import { useTranslation } from 'react-i18next';

type Props = {
  /** The justification as the invoice prints it under the line. */
  value: string;
  onChange: (text: string) => void;
  /** The text once settled: a phrase ticked or the text left (a row that saves itself sends it then). */
  onCommit?: (text: string) => void;
  /** The item's threshold as the interface writes it ('2,3'). */
  threshold: string;
  error?: string | null;
  readOnly?: boolean;
  testId: string;
};

/**
 * The justification of one GOÄ entry above its threshold (§12 Abs.3 GOÄ), the same on the patient's default fees and
 * the appointment's: ticking preset phrases writes their sentence (spec people §3), and the text can be written or
 * changed freely; the invoice prints exactly this text under the entry's line.
 */
export function FeeJustificationField({
  value,
  onChange,
  onCommit,
  threshold,
  error,
  readOnly = false,
  testId,
}: Props) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Checkbox.Group
        label={t('fees.justifications')}
        description={t('fees.justificationHint', { threshold })}
        value={parseJustifications(value)}
        onChange={(keys) => {
          if (readOnly) return;
          const text = withJustificationSentence(value, keys as JustificationKey[]);
          onChange(text);
          onCommit?.(text);
        }}
      >
        <SimpleGrid cols={{ base: 1, xs: 2 }} mt={6} spacing={6}>
          {JUSTIFICATION_KEYS.map((key) => (
            <Checkbox
              key={key}
              value={key}
              size="xs"
              disabled={readOnly}
              label={t(`fees.justification.${key}`)}
              data-testid={`${testId}-${key}`}
            />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Textarea
        label={t('fees.justificationText')}
        required
        autosize
        minRows={2}
        maxLength={JUSTIFICATION_MAX_LENGTH}
        value={value}
        readOnly={readOnly}
        error={error}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={onCommit && ((event) => onCommit(event.currentTarget.value))}
        data-testid={testId}
      />
    </Stack>
  );
}
