import { defaultUserSettings } from '@numbernest/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/lib/i18n';
import { renderRoutes, stubApi } from '@/test/render-with-providers';
import { cognitoMock } from '@/features/auth/test/cognito-mock';
import { cognitoError, renderPage } from '@/features/auth/test/render-auth';
import LogInPage from './LogInPage';
import NewPasswordPage from './NewPasswordPage';
import SignUpPage from './SignUpPage';
import VerifyEmailPage from './VerifyEmailPage';

vi.mock('@/lib/session/cognito', async () => (await import('@/features/auth/test/cognito-mock')).cognitoMock);

const user = {
  id: 'u1',
  email: 'ann@mail.com',
  email_verified_at: '2026-01-01T00:00:00.000Z',
  balance: 12.5,
  settings: defaultUserSettings,
  created_at: '2026-01-01T00:00:00.000Z',
  operator: false,
  account_hold: null,
};

beforeEach(() => Object.values(cognitoMock).forEach((mock) => mock.mockReset()));
afterEach(async () => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  await act(() => i18n.changeLanguage('en'));
});

const fill = async (label: string | RegExp, value: string) => {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
};

describe('sign-up form', () => {
  it('shows the shared validation messages in English', async () => {
    renderPage('/signUp', <SignUpPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create account' }));
    expect(screen.getAllByText('Required.')).toHaveLength(3);
    expect(screen.getByLabelText('E-mail')).toHaveFocus();

    await fill('E-mail', 'ann@');
    await fill('Password', 'Abc1');
    await fill('Confirm password', 'Abc2');
    expect(screen.getByText('Invalid email.')).toBeInTheDocument();
    expect(screen.getByText('Must have at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('Not matched.')).toBeInTheDocument();

    await fill('Password', 'abcdefgh1');
    expect(screen.getByText('Invalid format.')).toBeInTheDocument();
    const rules = screen.getByRole('list', { name: 'Password requirements' });
    expect(within(rules).getByText('An upper-case letter (A–Z)').closest('li')).toHaveAttribute('data-met', 'false');
    expect(within(rules).getByText('A digit (0–9)').closest('li')).toHaveAttribute('data-met', 'true');
    expect(cognitoMock.signUpWithEmail).not.toHaveBeenCalled();
  });

  it('shows them in Russian', async () => {
    await act(() => i18n.changeLanguage('ru'));
    renderPage('/signUp', <SignUpPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Зарегистрироваться' }));
    expect(screen.getAllByText('Обязательное поле.')).toHaveLength(3);
    await fill('E-mail', 'ann@');
    await fill('Пароль', 'Abc1');
    await fill('Повторите пароль', 'Abc2');
    expect(screen.getByText('Неверный адрес электронной почты.')).toBeInTheDocument();
    expect(screen.getByText('Введите не менее 8 символов.')).toBeInTheDocument();
    expect(screen.getByText('Значения не совпадают.')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Требования к паролю' })).toHaveTextContent('Цифра (0–9)');
  });

  it('signs up with the lower-cased address and goes on to "check your inbox"', async () => {
    cognitoMock.signUpWithEmail.mockResolvedValue(undefined);
    const { router } = renderPage('/signUp', <SignUpPage />);
    await screen.findByLabelText('E-mail');
    await fill('E-mail', ' Ann@Mail.com ');
    await fill('Password', 'Abcdefg1');
    await fill('Confirm password', 'Abcdefg1');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(cognitoMock.signUpWithEmail).toHaveBeenCalledWith('ann@mail.com', 'Abcdefg1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/confirm-email'));
    expect(router.state.location.search).toBe('?email=ann%40mail.com');
  });

  it('puts Cognito answers next to their field', async () => {
    cognitoMock.signUpWithEmail.mockRejectedValueOnce(cognitoError('UsernameExistsException')).mockRejectedValueOnce(cognitoError('InvalidPasswordException'));
    renderPage('/signUp', <SignUpPage />);
    await screen.findByLabelText('E-mail');
    await fill('E-mail', 'ann@mail.com');
    await fill('Password', 'Abcdefg1');
    await fill('Confirm password', 'Abcdefg1');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('An account with this e-mail already exists. Sign in or reset your password.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(/This password does not meet the requirements/)).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('sign-in form', () => {
  const submit = async (email = 'ann@mail.com', password = 'whatever') => {
    await screen.findByLabelText('E-mail');
    await fill('E-mail', email);
    await fill('Password', password);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  };

  it.each(['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException'])('answers %s with one generic message', async (name) => {
    cognitoMock.signInWithPassword.mockRejectedValue(cognitoError(name));
    renderPage('/logIn', <LogInPage />);
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong e-mail or password.');
  });

  it.each(['LimitExceededException', 'TooManyRequestsException', 'TooManyFailedAttemptsException'])('answers %s with "too many attempts"', async (name) => {
    cognitoMock.signInWithPassword.mockRejectedValue(cognitoError(name));
    renderPage('/logIn', <LogInPage />);
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a few minutes and try again.');
  });

  it('says when Cognito has locked the account out after wrong passwords, and when the network is blocked', async () => {
    cognitoMock.signInWithPassword
      .mockRejectedValueOnce(cognitoError('NotAuthorizedException', 'Password attempts exceeded'))
      .mockRejectedValueOnce(cognitoError('ForbiddenException', 'Request not allowed due to WAF block.'));
    renderPage('/logIn', <LogInPage />);
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong passwords for this account, so signing in to it is paused for a while.');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests from your network. Wait a few minutes and try again.');
  });

  it('translates the server answer into Russian', async () => {
    await act(() => i18n.changeLanguage('ru'));
    cognitoMock.signInWithPassword.mockRejectedValue(cognitoError('NotAuthorizedException'));
    renderPage('/logIn', <LogInPage />);
    await screen.findByLabelText('E-mail');
    await fill('E-mail', 'ann@mail.com');
    await fill('Пароль', 'whatever');
    await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Неверный e-mail или пароль.');
  });

  it('offers the verify step and a new code to an unconfirmed account', async () => {
    cognitoMock.signInWithPassword.mockResolvedValue('confirmSignUp');
    cognitoMock.resendEmailCode.mockResolvedValue(undefined);
    const { router } = renderPage('/logIn', <LogInPage />);
    await submit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your e-mail address is not verified yet.');
    expect(within(alert).getByRole('link', { name: 'Enter the code' })).toHaveAttribute('href', '/verify-email?email=ann%40mail.com');
    await userEvent.click(within(alert).getByRole('button', { name: 'Send a new code' }));
    expect(cognitoMock.resendEmailCode).toHaveBeenCalledWith('ann@mail.com');
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'));
  });

  it('stores the ID token and the user, then goes to the dashboard', async () => {
    cognitoMock.signInWithPassword.mockResolvedValue('signedIn');
    cognitoMock.currentIdToken.mockResolvedValue('id.token.value');
    const api = stubApi({ 'GET /user': () => ({ data: user }) });
    const { router } = renderPage('/logIn', <LogInPage />);
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem('token')).toBe('id.token.value');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual({
      id: 'u1',
      email: 'ann@mail.com',
      email_verified_at: '2026-01-01T00:00:00.000Z',
      balance: 12.5,
      operator: false,
      account_hold: null,
    });
    expect(new Headers(api.mock.calls[0]![1]!.headers).get('Authorization')).toBe('Bearer id.token.value');
  });

  it('leaves nothing half signed in when the API refuses', async () => {
    cognitoMock.signInWithPassword.mockResolvedValue('signedIn');
    cognitoMock.currentIdToken.mockResolvedValue('id.token.value');
    cognitoMock.dropCognitoSession.mockResolvedValue(undefined);
    stubApi({ 'GET /user': () => new Response(JSON.stringify({ message: 'Internal Server Error' }), { status: 500 }) });
    renderPage('/logIn', <LogInPage />);
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('You are signed in, but we could not load your account.');
    expect(localStorage.getItem('token')).toBeNull();
    expect(cognitoMock.dropCognitoSession).toHaveBeenCalled();
  });

  it('keeps the button disabled while sending', async () => {
    let finish!: (value: string) => void;
    cognitoMock.signInWithPassword.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    renderPage('/logIn', <LogInPage />);
    await submit();
    expect(screen.getByRole('button', { name: 'Signing in…' })).toBeDisabled();
    await act(async () => finish('confirmSignUp'));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });
});

describe('code steps', () => {
  it.each([
    ['CodeMismatchException', 'This code is not right. Check the e-mail and try again.'],
    ['ExpiredCodeException', 'This code has expired. Send a new code and enter it.'],
  ])('shows %s at the code field', async (name, text) => {
    cognitoMock.confirmEmailCode.mockRejectedValue(cognitoError(name));
    renderPage('/verify-email?email=ann%40mail.com', <VerifyEmailPage />);
    expect(await screen.findByLabelText('E-mail')).toHaveValue('ann@mail.com');
    await fill('Verification code', '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify e-mail' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByLabelText('Verification code')).toHaveAttribute('aria-invalid', 'true');
  });

  it('a code confirmed in the tab that signed up signs the person in and goes on to the return page', async () => {
    cognitoMock.confirmEmailCode.mockResolvedValue('signedIn');
    cognitoMock.currentIdToken.mockResolvedValue('id.token.value');
    const user = { id: 'u1', email: 'ann@mail.com', email_verified_at: '2026-01-02T10:00:00.000Z', balance: 0, operator: false, account_hold: null };
    stubApi({ 'GET /user': () => ({ data: { ...user, settings: defaultUserSettings, created_at: '2026-01-02T10:00:00.000Z' } }) });
    const { router } = renderRoutes(
      [
        { path: '/verify-email', element: <VerifyEmailPage /> },
        { path: '/dashboard/buy-number', element: <p>Buy Number</p> },
      ],
      '/verify-email?email=ann%40mail.com&return=%2Fdashboard%2Fbuy-number',
    );
    await fill('Verification code', '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify e-mail' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/buy-number'));
    expect(cognitoMock.confirmEmailCode).toHaveBeenCalledWith('ann@mail.com', '123456');
    expect(localStorage.getItem('token')).toBe('id.token.value');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ email: 'ann@mail.com', account_hold: null });
  });

  it('a code confirmed elsewhere leads to the verified page, whose sign-in keeps the return page', async () => {
    cognitoMock.confirmEmailCode.mockResolvedValue('confirmed');
    const { router } = renderRoutes(
      [
        { path: '/verify-email', element: <VerifyEmailPage /> },
        { path: '/verification-success', element: <p>Verified</p> },
      ],
      '/verify-email?email=ann%40mail.com&return=%2Fpayment',
    );
    await fill('Verification code', '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify e-mail' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verification-success'));
    expect(new URLSearchParams(router.state.location.search).get('return')).toBe('/payment');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('checks the code is six digits before asking Cognito', async () => {
    renderPage('/verify-email?email=ann%40mail.com', <VerifyEmailPage />);
    await screen.findByLabelText('Verification code');
    await fill('Verification code', '12a');
    await userEvent.click(screen.getByRole('button', { name: 'Verify e-mail' }));
    expect(screen.getByText('Must be a digit.')).toBeInTheDocument();
    await fill('Verification code', '123');
    expect(screen.getByText('Length must be 6.')).toBeInTheDocument();
    expect(cognitoMock.confirmEmailCode).not.toHaveBeenCalled();
  });

  it('sends a new code, then waits 30 s before the next', async () => {
    cognitoMock.resendEmailCode.mockResolvedValue(undefined);
    renderPage('/verify-email?email=ann%40mail.com', <VerifyEmailPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(cognitoMock.resendEmailCode).toHaveBeenCalledWith('ann@mail.com');
    expect(await screen.findByRole('button', { name: 'New code in 30 s' })).toBeDisabled();
    expect(screen.getByText('A new code is on its way to ann@mail.com.')).toBeInTheDocument();
  });

  it.each([
    ['/verify-email?email=ann%40mail.com', <VerifyEmailPage key="verify" />, cognitoMock.resendEmailCode],
    ['/reset-password-new?email=ann%40mail.com', <NewPasswordPage key="reset" />, cognitoMock.sendPasswordResetCode],
  ])('at %s, a new code refused by Cognito’s hourly limit says to wait and use the newest', async (path, page, send) => {
    send.mockRejectedValue(cognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.'));
    renderPage(path, page);
    await userEvent.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We have sent this account too many codes. Wait up to an hour before asking for another');
  });

  it('a new password: success toast, then sign-in with the address', async () => {
    cognitoMock.setNewPassword.mockResolvedValue(undefined);
    const { router } = renderPage('/reset-password-new?email=ann%40mail.com', <NewPasswordPage />);
    await screen.findByLabelText('Verification code');
    await fill('Verification code', '654321');
    await fill('New password', 'Fresh123x');
    await fill('Confirm password', 'Fresh123x');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(cognitoMock.setNewPassword).toHaveBeenCalledWith('ann@mail.com', '654321', 'Fresh123x');
    expect(await screen.findByText('Your password has been changed. Sign in with the new one.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/logIn'));
  });
});
