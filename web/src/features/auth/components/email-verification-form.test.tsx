import { MSG, ROLE, type SessionUser } from '@floorfill/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes, stubApi } from '@/testing/render';
import { useRedirectStore } from '../stores/redirect-store';
import { useSessionStore } from '../stores/session-store';
import { EmailVerificationForm } from './email-verification-form';

const EMAIL = 'dj@example.com';

function renderForm() {
  return renderRoutes(
    [
      { path: '/auth/verification/email', element: <EmailVerificationForm email={EMAIL} /> },
      { path: '/auth/login', element: <p>login page</p> },
    ],
    `/auth/verification/email?email=${encodeURIComponent(EMAIL)}`,
  );
}

const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`);
const verifyButton = () => screen.getByRole('button', { name: 'Verify' });

describe('six-box code input', () => {
  it('keeps Verify disabled until all six boxes hold a digit', async () => {
    const user = userEvent.setup();
    renderForm();

    expect(verifyButton()).toBeDisabled();
    await user.click(box(1));
    await user.keyboard('12345');
    expect(verifyButton()).toBeDisabled();

    await user.keyboard('6');
    expect(verifyButton()).toBeEnabled();
  });

  it('moves to the next box on each digit and back on Backspace', async () => {
    const user = userEvent.setup();
    renderForm();

    await user.click(box(1));
    await user.keyboard('12');
    expect(box(1)).toHaveValue('1');
    expect(box(2)).toHaveValue('2');
    expect(box(3)).toHaveFocus();

    await user.keyboard('{Backspace}');
    expect(box(2)).toHaveFocus();
  });

  it('ignores letters', async () => {
    const user = userEvent.setup();
    renderForm();

    await user.click(box(1));
    await user.keyboard('a');
    expect(box(1)).toHaveValue('');
  });

  it('spreads a pasted code over the boxes, at most six digits', async () => {
    const user = userEvent.setup();
    renderForm();

    await user.click(box(1));
    await user.paste('12345678');

    [1, 2, 3, 4, 5, 6].forEach((n) => expect(box(n)).toHaveValue(String(n)));
    expect(verifyButton()).toBeEnabled();
  });

  it('sends email and otp1..otp6, then goes to login', async () => {
    const calls = stubApi({
      '/api/auth/session': { status: 401, body: { status: false, msg: MSG.unauthenticated } },
      '/api/auth/verify-email': { body: { status: true, msg: MSG.emailVerified } },
    });
    const user = userEvent.setup();
    renderForm();

    await user.click(box(1));
    await user.paste('482913');
    await user.click(verifyButton());

    expect(await screen.findByText('login page')).toBeInTheDocument();
    const sent = calls.find((call) => call.path === '/api/auth/verify-email');
    expect(sent?.body).toEqual({
      email: EMAIL,
      otp1: '4',
      otp2: '8',
      otp3: '2',
      otp4: '9',
      otp5: '1',
      otp6: '3',
    });
  });

  it('signs the new account in with its verified code, bound for its dashboard', async () => {
    const user: SessionUser = {
      id: 7,
      name: 'Dana Lopez',
      display_name: 'DJ Dana',
      email: EMAIL,
      phone: null,
      role: ROLE.host,
      default_login: ROLE.host,
      is_guest: false,
      email_verified: true,
      profile_image_path: null,
      cover_photo_path: null,
    };
    stubApi({
      '/api/auth/session': { body: { status: true, msg: '', data: { user, role: ROLE.host } } },
      '/api/auth/verify-email': { body: { status: true, msg: MSG.emailVerified, data: null } },
    });
    useRedirectStore.getState().take();
    const typist = userEvent.setup();
    renderForm();

    await typist.click(box(1));
    await typist.paste('482913');
    await typist.click(verifyButton());

    await waitFor(() => expect(useSessionStore.getState().userId).toBe(user.id));
    expect(useSessionStore.getState().role).toBe(ROLE.host);
    expect(useRedirectStore.getState().path).toBe('/host/dashboard');
    expect(screen.queryByText('login page')).not.toBeInTheDocument();
  });

  it('shows a 422 under the boxes', async () => {
    stubApi({
      '/api/auth/verify-email': {
        status: 422,
        body: { status: false, msg: MSG.invalidData, errors: { otp: [MSG.codeInvalid] } },
      },
    });
    const user = userEvent.setup();
    renderForm();

    await user.click(box(1));
    await user.paste('000000');
    await user.click(verifyButton());

    await waitFor(() => expect(screen.getByText(MSG.codeInvalid)).toBeInTheDocument());
    expect(box(1)).toHaveAttribute('aria-invalid', 'true');
  });

  it('starts the resend countdown at 2:00 with Resend Code disabled', () => {
    renderForm();
    expect(screen.getByRole('button', { name: 'Resend Code' })).toBeDisabled();
    expect(screen.getByText('2:00')).toBeInTheDocument();
  });
});
