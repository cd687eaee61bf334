import type { WidgetAnswer } from '@praxia/shared/appointments/widget-schemas';

export type InsuranceType = 'legally' | 'privately';
export type AppointmentType = WidgetAnswer['types'][number];

/** A type for the insurance the visitor did not choose; before step 1 no type is (there is no 'other' yet). */
export const isForOtherInsurance = (type: AppointmentType, insurance: InsuranceType | null): boolean =>
  insurance !== null && type.insuranceType !== null && type.insuranceType !== insurance;

/** Step 2 (spec appointments §2.1): a type for the other insurance is shown but disabled; a type for none fits all. */
export const isTypeAvailable = (type: AppointmentType, insurance: InsuranceType | null): boolean =>
  insurance !== null && !isForOtherInsurance(type, insurance);

/** The chosen type when it still fits a newly chosen insurance; otherwise the choice is cleared. */
export function keepTypeIfAvailable(
  types: readonly AppointmentType[],
  typeId: number | null,
  insurance: InsuranceType | null,
): number | null {
  const type = types.find((candidate) => candidate.id === typeId);
  return type && isTypeAvailable(type, insurance) ? type.id : null;
}

/** Whether the visitor chooses the place: only for a type offered both on site and online. */
export const needsLocationChoice = (type: AppointmentType | undefined): boolean => type?.location === 'both';
