import { Select, type SelectProps } from '@mantine/core';
import { SALUTATIONS } from '@praxia/shared';
import { useTranslation } from 'react-i18next';
import { toPhoneCountryOptions, useCountries } from './use-countries';

type Props = Omit<SelectProps, 'data'>;

/** The salutation of a person form (people §3: Herr, Frau, Divers), in the user's language. */
export function SalutationSelect(props: Props) {
  const { t } = useTranslation();
  return (
    <Select data={SALUTATIONS.map((value) => ({ value, label: t(`salutation.${value}`) }))} clearable {...props} />
  );
}

/** A phone number's country: the countries with a calling code, searchable by name. */
export function PhoneCountrySelect(props: Props) {
  const options = toPhoneCountryOptions(useCountries());
  return <Select data={options} searchable limit={300} {...props} />;
}
