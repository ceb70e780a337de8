import { CHALLENGE_HEADER, MSG } from '@floorfill/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { challengeAnswer } from '@/testing/altcha';
import { renderRoutes, stubApi } from '@/testing/render';
import { LoginForm } from './login-form';

function renderForm() {
  return renderRoutes([{ path: '/auth/login', element: <LoginForm /> }], '/auth/login');
}

async function signIn() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Email/, { selector: 'input' }), 'dj@example.com');
  await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Pw-secret-123');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('sign-in at a busy address', () => {
  it('shows a short wait under Login while the device is checked, not an error', async () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    stubApi({
      '/api/auth/login': async (_body, headers) => {
        if (!headers.get(CHALLENGE_HEADER)) return challengeAnswer();
        await released;
        return { status: 401, body: { status: false, msg: MSG.invalidCredentials } };
      },
    });
    renderForm();
    await signIn();

    expect(await screen.findByText(MSG.checkingDevice)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    release();
    // The call it guarded answers as it would have: here, a wrong password.
    expect(await screen.findByText(MSG.invalidCredentials)).toBeInTheDocument();
    expect(screen.queryByText(MSG.checkingDevice)).not.toBeInTheDocument();
  });

  it('says how long to wait when sign-ins are refused for now, not that the login failed', async () => {
    stubApi({
      '/api/auth/login': {
        status: 429,
        body: { status: false, msg: MSG.tooManyRequests, data: { retry_after_seconds: 40 } },
      },
    });
    renderForm();
    await signIn();

    expect(await screen.findByText('Too many tries — try again in 40 s.')).toBeInTheDocument();
    expect(screen.getByText('Wait before you try again')).toBeInTheDocument();
    expect(screen.queryByText('Login failed')).not.toBeInTheDocument();
  });
});
