import { describe, expect, it } from 'vitest';
import { activeStep, initialPickerState, pickerReducer, type PickerAction, type PickerState } from './model';
import { countries, numbers, privateCountries, telegram, whatsapp } from '@/test/catalog-fixtures';

const run = (state: PickerState, ...actions: PickerAction[]) => actions.reduce(pickerReducer, state);
const uk = countries[0]!;
const de = countries[1]!;

describe('pickerReducer', () => {
  const full = run(
    initialPickerState(1),
    { type: 'country', country: uk },
    { type: 'service', service: whatsapp },
    { type: 'number', number: numbers[0]! },
    { type: 'rent', rentTimeId: 2 },
  );

  it('walks country -> service -> number -> rent', () => {
    expect(full).toEqual({ tab: 1, country: uk, service: whatsapp, number: numbers[0], rentTimeId: 2 });
    expect(activeStep(full)).toBe('number');
  });

  it('Temporary starts on "any number" once the service is picked; a number replaces it, and no stock takes it back', () => {
    const temporary = run(initialPickerState(3), { type: 'country', country: uk }, { type: 'service', service: whatsapp });
    expect(temporary).toEqual({ tab: 3, country: uk, service: whatsapp, number: null, anyNumber: true, rentTimeId: null });
    const picked = run(temporary, { type: 'number', number: numbers[0]! });
    expect(picked).toEqual({ tab: 3, country: uk, service: whatsapp, number: numbers[0], rentTimeId: null });
    expect(run(picked, { type: 'anyNumber', available: true })).toEqual(temporary);
    expect(run(temporary, { type: 'anyNumber', available: false })).toEqual({ tab: 3, country: uk, service: whatsapp, number: null, rentTimeId: null });
    // Shared has no "any number".
    expect(run(full, { type: 'anyNumber', available: true })).toBe(full);
    expect(run(initialPickerState(1), { type: 'country', country: uk }, { type: 'service', service: whatsapp })).not.toHaveProperty('anyNumber');
  });

  it('switching tab resets country, service, number and week', () => {
    expect(run(full, { type: 'tab', tab: 2 })).toEqual(initialPickerState(2));
    expect(run(full, { type: 'tab', tab: 1 })).toBe(full);
  });

  it('selecting another country clears service, number and week', () => {
    expect(run(full, { type: 'country', country: de })).toEqual({ ...initialPickerState(1), country: de });
    expect(run(full, { type: 'country', country: uk })).toBe(full);
  });

  it('selecting another service clears number and week', () => {
    expect(run(full, { type: 'service', service: telegram })).toEqual({ ...full, service: telegram, number: null, rentTimeId: null });
  });

  it('ignores a service without a country, and on the Private tab', () => {
    expect(run(initialPickerState(1), { type: 'service', service: whatsapp }).service).toBeNull();
    expect(run(initialPickerState(2), { type: 'country', country: privateCountries[0]! }, { type: 'service', service: whatsapp }).service).toBeNull();
  });

  it('a reloaded number list resets the number and the week to the placeholder', () => {
    expect(run(full, { type: 'numbersReloaded' })).toMatchObject({ number: null, rentTimeId: null, service: whatsapp });
  });

  it('back in Shared and Temporary clears the service, then the country', () => {
    const once = run(full, { type: 'back' });
    expect(once).toEqual({ ...initialPickerState(1), country: uk });
    expect(activeStep(once)).toBe('service');
    const twice = run(once, { type: 'back' });
    expect(twice).toEqual(initialPickerState(1));
    expect(activeStep(twice)).toBe('country');
    expect(run(twice, { type: 'back' })).toBe(twice);
  });

  it('back in Private clears the number, then the country', () => {
    const picked = run(
      initialPickerState(2),
      { type: 'country', country: privateCountries[0]! },
      { type: 'number', number: numbers[0]! },
      { type: 'rent', rentTimeId: 1 },
    );
    expect(activeStep(picked)).toBe('number');
    const once = run(picked, { type: 'back' });
    expect(once).toEqual({ ...initialPickerState(2), country: privateCountries[0] });
    expect(run(once, { type: 'back' })).toEqual(initialPickerState(2));
  });

  it('Private skips the service step', () => {
    expect(activeStep(run(initialPickerState(2), { type: 'country', country: privateCountries[0]! }))).toBe('number');
  });
});
