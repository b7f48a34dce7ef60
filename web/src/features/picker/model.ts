import { type Country, type MobileNumber, NumberType, type PrivateCountry, type ServiceProvider } from '@numbernest/contracts';

/**
 * The picker's selection: tab -> country -> service (Shared, Temporary) -> number -> rent.
 * Choices are kept whole (not just ids) so the summary and the confirmation never look lists up again.
 */
export interface PickerState {
  tab: NumberType;
  country: Country | PrivateCountry | null;
  service: ServiceProvider | null;
  number: MobileNumber | null;
  /** Temporary: "any number" of the service in the country is chosen instead of one number (`number` is null). */
  anyNumber?: boolean;
  /** null = the 'Select week' placeholder. */
  rentTimeId: number | null;
}

export type PickerAction =
  | { type: 'tab'; tab: NumberType }
  | { type: 'country'; country: Country | PrivateCountry }
  | { type: 'service'; service: ServiceProvider }
  | { type: 'number'; number: MobileNumber }
  /** Temporary: any number of the service (`available`: false when none is on offer, which takes the choice back). */
  | { type: 'anyNumber'; available: boolean }
  | { type: 'rent'; rentTimeId: number | null }
  /** The number list was fetched again: whatever was picked from it no longer stands. */
  | { type: 'numbersReloaded' }
  /** The mobile back arrow. */
  | { type: 'back' }
  /** A whole selection again: what a visitor had picked before signing in to buy it. */
  | { type: 'restore'; state: PickerState };

export type Step = 'country' | 'service' | 'number';

export const initialPickerState = (tab: NumberType = NumberType.Shared): PickerState => ({
  tab,
  country: null,
  service: null,
  number: null,
  rentTimeId: null,
});

/** Private numbers serve every service, so Private has no service step. */
export const hasServiceStep = (tab: NumberType) => tab !== NumberType.Private;

export function pickerReducer(state: PickerState, action: PickerAction): PickerState {
  switch (action.type) {
    case 'tab':
      return action.tab === state.tab ? state : initialPickerState(action.tab);
    case 'country':
      if (state.country?.id === action.country.id) return state;
      return { ...withoutAnyNumber(state), country: action.country, service: null, number: null, rentTimeId: null };
    case 'service':
      if (!state.country || !hasServiceStep(state.tab) || state.service?.id === action.service.id) return state;
      // Temporary starts on "any number" (its row says so, and gives it back when the service has no stock).
      return {
        ...withoutAnyNumber(state),
        service: action.service,
        number: null,
        rentTimeId: null,
        ...(state.tab === NumberType.Temporary ? { anyNumber: true } : {}),
      };
    case 'number':
      return { ...withoutAnyNumber(state), number: action.number };
    case 'anyNumber':
      if (state.tab !== NumberType.Temporary || !state.service) return state;
      if (!action.available) return state.anyNumber ? withoutAnyNumber(state) : state;
      return { ...state, number: null, anyNumber: true };
    case 'rent':
      return { ...state, rentTimeId: action.rentTimeId };
    case 'numbersReloaded':
      return { ...state, number: null, rentTimeId: null };
    case 'back':
      return back(state);
    case 'restore':
      return action.state;
  }
}

// Shared and Temporary step back through the service, then the country; Private through the number, then the country.
function back(state: PickerState): PickerState {
  if (hasServiceStep(state.tab) && state.service) return { ...withoutAnyNumber(state), service: null, number: null, rentTimeId: null };
  if (!hasServiceStep(state.tab) && state.number) return { ...state, number: null, rentTimeId: null };
  if (state.country) return initialPickerState(state.tab);
  return state;
}

/** The state with no "any number" choice (a number picked, or the service left). */
function withoutAnyNumber(state: PickerState): PickerState {
  const { anyNumber: _dropped, ...rest } = state;
  return rest;
}

/** The one step a small screen shows. */
export function activeStep(state: PickerState): Step {
  if (!state.country) return 'country';
  if (hasServiceStep(state.tab) && !state.service) return 'service';
  return 'number';
}
