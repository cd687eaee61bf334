import type { WidgetBooked, WidgetSlot } from '@praxia/shared/appointments/widget-schemas';
import { useState } from 'preact/hooks';
import type { InsuranceType } from './appointment-types';
import { loadPhoneCheck } from './phone';
import {
  type AddressValues,
  type FieldErrors,
  hasErrors,
  type NameValues,
  type PhoneCheck,
  validateAddress,
  validateName,
} from './validation';
import type { WidgetAddress } from './widget-address';
import { bookSlot } from './widget-api';

const EMPTY_NAME: NameValues = {
  salutation: '',
  firstName: '',
  lastName: '',
  email: '',
  phoneCountry: 'DE',
  phone: '',
};
const EMPTY_ADDRESS: AddressValues = {
  street: '',
  postalCode: '',
  city: '',
  location: '',
  termsAndConditionsAccepted: false,
};
const NAME_FIELDS: readonly string[] = Object.keys(EMPTY_NAME);
const ADDRESS_FIELDS: readonly string[] = Object.keys(EMPTY_ADDRESS);

const pick = (errors: FieldErrors<string>, fields: readonly string[]) =>
  Object.fromEntries(Object.entries(errors).filter(([field]) => fields.includes(field)));

export type BookingOutcome = 'nameErrors' | 'addressErrors' | 'failed';

type Choice = {
  insurance: InsuranceType | null;
  typeId: number | null;
  slot: WidgetSlot | null;
  needsLocation: boolean;
};

/**
 * The name and address forms and the booking call. Each form checks itself on submit and, after that, as the
 * visitor types (ui.md); the server's 422 messages land on the same fields.
 */
export function useBooking(address: WidgetAddress) {
  const [name, setName] = useState(EMPTY_NAME);
  const [nameErrors, setNameErrors] = useState<FieldErrors<keyof NameValues>>({});
  const [addressValues, setAddressValues] = useState(EMPTY_ADDRESS);
  const [addressErrors, setAddressErrors] = useState<FieldErrors<keyof AddressValues>>({});
  const [checked, setChecked] = useState({ name: false, address: false });
  const [phoneCheck, setPhoneCheck] = useState<PhoneCheck | null>(null);
  const [isSending, setIsSending] = useState(false);

  const changeName = (values: NameValues) => {
    setName(values);
    if (checked.name) setNameErrors(validateName(values, phoneCheck ?? (() => true)));
  };
  const changeAddress = (values: AddressValues, needsLocation: boolean) => {
    setAddressValues(values);
    if (checked.address) setAddressErrors(validateAddress(values, needsLocation));
  };

  /** True when the name step may go on to the address step. */
  const submitName = async (): Promise<boolean> => {
    const isValidPhone = await loadPhoneCheck();
    setPhoneCheck(() => isValidPhone);
    setChecked((previous) => ({ ...previous, name: true }));
    const found = validateName(name, isValidPhone);
    setNameErrors(found);
    return !hasErrors(found);
  };

  const book = async ({ insurance, typeId, slot, needsLocation }: Choice): Promise<BookingOutcome | WidgetBooked> => {
    setChecked((previous) => ({ ...previous, address: true }));
    const found = validateAddress(addressValues, needsLocation);
    setAddressErrors(found);
    if (hasErrors(found)) return 'addressErrors';
    if (!name.salutation) return 'nameErrors';
    if (!slot || !insurance || !typeId) return 'failed';
    setIsSending(true);
    const result = await bookSlot(slot.id, {
      therapistId: address.therapistId,
      customerId: address.customerId,
      insuranceType: insurance,
      meetingType: typeId,
      ...name,
      salutation: name.salutation,
      street: addressValues.street,
      postalCode: addressValues.postalCode.trim(),
      city: addressValues.city,
      location: needsLocation && addressValues.location ? addressValues.location : null,
      termsAndConditionsAccepted: true,
      language: address.language,
    });
    setIsSending(false);
    if (result.kind === 'done') return result.value;
    if (result.kind === 'invalid') {
      const onName = pick(result.errors, NAME_FIELDS);
      const onAddress = pick(result.errors, ADDRESS_FIELDS);
      setNameErrors(onName);
      setAddressErrors(onAddress);
      if (hasErrors(onName)) return 'nameErrors';
      if (hasErrors(onAddress)) return 'addressErrors';
    }
    // Taken meanwhile (409), or the choice itself no longer fits: the spec's booking error (§8).
    return 'failed';
  };

  return { name, nameErrors, changeName, submitName, addressValues, addressErrors, changeAddress, book, isSending };
}
