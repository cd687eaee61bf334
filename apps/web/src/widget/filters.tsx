/** @jsxImportSource preact */
import { type AppointmentType, type InsuranceType, isForOtherInsurance, isTypeAvailable } from './appointment-types';
import { RadioGroup, SelectField } from './fields';
import { useTexts } from './texts';

type FiltersProps = {
  types: readonly AppointmentType[];
  insurance: InsuranceType | null;
  typeId: number | null;
  onInsurance: (insurance: InsuranceType) => void;
  onType: (typeId: number | null) => void;
};

/** Steps 1 and 2: the insurance, then the type; types for the other insurance stay visible but cannot be chosen. */
export function Filters({ types, insurance, typeId, onInsurance, onType }: FiltersProps) {
  const { t } = useTexts();
  return (
    <div class="filters">
      <RadioGroup<InsuranceType>
        name="insuranceType"
        legend={t('insuranceLegend')}
        value={insurance}
        options={[
          { value: 'legally', label: t('legally') },
          { value: 'privately', label: t('privately') },
        ]}
        onChange={onInsurance}
      />
      <SelectField
        name="appointmentType"
        label={t('typeLabel')}
        value={typeId === null ? '' : String(typeId)}
        disabled={insurance === null}
        onChange={(value) => onType(value ? Number(value) : null)}
      >
        <option value="">{t('typeChoose')}</option>
        {types.map((type) => (
          <option key={type.id} value={String(type.id)} disabled={!isTypeAvailable(type, insurance)}>
            {isForOtherInsurance(type, insurance) ? `${type.name} ${t('typeOtherInsurance')}` : type.name}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
