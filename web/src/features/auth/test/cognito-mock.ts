import { vi } from 'vitest';

/** The Amplify boundary, stubbed for component tests (e2e runs the real one against cognito-local). */
export const cognitoMock = {
  signInWithPassword: vi.fn(),
  signUpWithEmail: vi.fn(),
  confirmEmailCode: vi.fn(),
  resendEmailCode: vi.fn(),
  sendPasswordResetCode: vi.fn(),
  setNewPassword: vi.fn(),
  currentIdToken: vi.fn(),
  endCognitoSession: vi.fn(),
  dropCognitoSession: vi.fn(),
  startGoogleSignIn: vi.fn(),
};
