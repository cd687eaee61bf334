import { Button, Group } from '@mantine/core';
import { DEFAULT_COACHING_TITLE, parseEuroCents } from '@praxia/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CoachingFeeFields, type CoachingValues } from '../fees/fee-row-fields';

type Props = { isAdding: boolean; onAdd: (coaching: CoachingValues) => void };

/**
 * A coaching entry for the appointment, written before it is saved: the appointment stores each entry at once, so
 * one is added only whole, with a title and a positive amount.
 */
export function CoachingFeeDraft({ isAdding, onAdd }: Props) {
  const { t } = useTranslation();
  const [coaching, setCoaching] = useState<CoachingValues | null>(null);
  if (!coaching) {
    return (
      <Button
        size="xs"
        variant="default"
        onClick={() => setCoaching({ title: DEFAULT_COACHING_TITLE, amount: '', tax: 'notax' })}
      >
        {t('fees.addCoaching')}
      </Button>
    );
  }
  const cents = parseEuroCents(coaching.amount);
  return (
    <CoachingFeeFields
      value={coaching}
      onChange={(change) => setCoaching({ ...coaching, ...change })}
      errors={{
        title: coaching.title.trim() ? null : t('error.required', { ns: 'validation', keySeparator: false }),
        amount:
          coaching.amount && (cents === null || cents <= 0)
            ? t('error.invalidValue', { ns: 'validation', keySeparator: false })
            : null,
      }}
    >
      <Group gap="xs">
        <Button
          size="xs"
          disabled={!coaching.title.trim() || cents === null || cents <= 0}
          loading={isAdding}
          onClick={() => {
            onAdd({ ...coaching, title: coaching.title.trim(), amount: coaching.amount.trim() });
            setCoaching(null);
          }}
        >
          {t('calendar.dialog.addFee')}
        </Button>
        <Button size="xs" variant="default" onClick={() => setCoaching(null)}>
          {t('common.cancel')}
        </Button>
      </Group>
    </CoachingFeeFields>
  );
}
