import { describe, expect, it } from 'vitest';
import {
  type AppointmentType,
  isForOtherInsurance,
  isTypeAvailable,
  keepTypeIfAvailable,
  needsLocationChoice,
} from './appointment-types';

const type = (
  id: number,
  insuranceType: AppointmentType['insuranceType'],
  location: AppointmentType['location'] = 'onSite',
) => ({
  id,
  name: `Typ ${id}`,
  duration: 50,
  insuranceType,
  location,
});
const legal = type(1, 'legally');
const privateOnly = type(2, 'privately');
const anyInsurance = type(3, null, 'both');

describe('isTypeAvailable', () => {
  it('offers a type for the chosen insurance or for any, and disables the other insurance’s', () => {
    expect(isTypeAvailable(legal, 'legally')).toBe(true);
    expect(isTypeAvailable(privateOnly, 'legally')).toBe(false);
    expect(isTypeAvailable(anyInsurance, 'legally')).toBe(true);
    expect(isTypeAvailable(privateOnly, 'privately')).toBe(true);
    expect(isTypeAvailable(legal, 'privately')).toBe(false);
  });

  it('offers nothing before the insurance is chosen (step 1 comes first)', () => {
    expect(isTypeAvailable(anyInsurance, null)).toBe(false);
  });
});

describe('isForOtherInsurance', () => {
  it('marks only a type of the other insurance, once an insurance is chosen', () => {
    expect(isForOtherInsurance(privateOnly, 'legally')).toBe(true);
    expect(isForOtherInsurance(legal, 'privately')).toBe(true);
    expect(isForOtherInsurance(legal, 'legally')).toBe(false);
    expect(isForOtherInsurance(anyInsurance, 'privately')).toBe(false);
  });

  it('marks no type before the insurance is chosen', () => {
    for (const each of [legal, privateOnly, anyInsurance]) expect(isForOtherInsurance(each, null)).toBe(false);
  });
});

describe('keepTypeIfAvailable', () => {
  const types = [legal, privateOnly, anyInsurance];
  it('keeps a chosen type that fits the new insurance and clears one that does not', () => {
    expect(keepTypeIfAvailable(types, 3, 'privately')).toBe(3);
    expect(keepTypeIfAvailable(types, 1, 'privately')).toBeNull();
    expect(keepTypeIfAvailable(types, null, 'legally')).toBeNull();
    expect(keepTypeIfAvailable(types, 99, 'legally')).toBeNull();
  });
});

describe('needsLocationChoice', () => {
  it('asks for the place only for a type offered both on site and online', () => {
    expect(needsLocationChoice(anyInsurance)).toBe(true);
    expect(needsLocationChoice(legal)).toBe(false);
    expect(needsLocationChoice(type(4, null, 'remote'))).toBe(false);
    expect(needsLocationChoice(undefined)).toBe(false);
  });
});
