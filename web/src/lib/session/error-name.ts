/** The `name` an error carries (Amplify keeps Cognito's exception name there); '' when there is none. */
export const errorName = (error: unknown): string =>
  error && typeof error === 'object' && 'name' in error && typeof error.name === 'string' ? error.name : '';

export const isNamed = (error: unknown, name: string) => errorName(error) === name;
