import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const DEBOUNCE_MS = 200;

/** The list filter (spec people §2): applied 200 ms after typing stops, at once on Enter, cleared by its icon. */
export function ListFilter({ hint, onApply }: { hint: string; onApply: (text: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, DEBOUNCE_MS);
  useEffect(() => onApply(debounced.trim()), [debounced, onApply]);
  return (
    <TextInput
      label={t('userList.filter')}
      placeholder={hint}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onApply(text.trim());
      }}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        text ? (
          <CloseButton
            aria-label={t('userList.clearFilter')}
            onClick={() => {
              setText('');
              onApply('');
            }}
          />
        ) : null
      }
      maw={360}
      data-testid="user-list-filter"
    />
  );
}
