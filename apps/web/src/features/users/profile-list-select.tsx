import { MultiSelect, type MultiSelectProps, type OptionsFilter } from '@mantine/core';
import { matchesProfileEntry, type ProfileListEntry } from '@praxia/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

type Props = Omit<MultiSelectProps, 'data' | 'filter'> & { entries: readonly ProfileListEntry[] };

/** A multi-select over one of the profile lists; the search finds entries by label or synonym. */
export function ProfileListSelect({ entries, ...props }: Props) {
  const { t, i18n } = useTranslation();
  const isEnglish = i18n.language === 'en';
  const data = useMemo(
    () => entries.map((item) => ({ value: item.key, label: isEnglish ? item.en : item.de })),
    [entries, isEnglish],
  );
  const filter: OptionsFilter = ({ options, search }) => {
    const byKey = new Map(entries.map((item) => [item.key, item]));
    return options.filter((option) => {
      const item = 'value' in option ? byKey.get(option.value) : undefined;
      return item ? matchesProfileEntry(item, search) : false;
    });
  };
  return (
    <MultiSelect
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage={t('profile.nothingFound')}
      comboboxProps={{ withinPortal: true }}
      {...props}
      data={data}
      filter={filter}
    />
  );
}
