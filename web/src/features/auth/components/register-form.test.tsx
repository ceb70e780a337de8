import { MSG } from '@floorfill/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes, stubApi } from '@/testing/render';
import { RegisterForm } from './register-form';

function renderForm() {
  return renderRoutes(
    [
      { path: '/auth/register', element: <RegisterForm /> },
      { path: '/auth/verification/email', element: <p>verification page</p> },
    ],
    '/auth/register',
  );
}

async function fill(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  // Pasting fills a field in one event; typing each key is realistic but slow under jsdom.
  await fill(user, 'Name', 'Dana Lopez');
  await fill(user, 'Email', 'Dana@Example.com');
  await fill(user, 'Password', 'correct horse');
  await fill(user, 'Confirm Password', 'correct horse');
  await user.click(screen.getByRole('checkbox'));
}

describe('register form', () => {
  it('refuses an invalid phone number without calling the server', async () => {
    const calls = stubApi({});
    const user = userEvent.setup({ delay: null });
    renderForm();

    await fillValidForm(user);
    await user.type(screen.getByLabelText('Phone'), '2015');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText(MSG.phoneInvalid)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/auth/signup')).toHaveLength(0);
  });

  it('requires the terms checkbox', async () => {
    stubApi({});
    const user = userEvent.setup({ delay: null });
    renderForm();

    await fill(user, 'Name', 'Dana Lopez');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect((await screen.findAllByText(MSG.fieldRequired)).length).toBeGreaterThan(0);
    expect(screen.getByRole('checkbox')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends the full E.164 phone and goes on to email verification', async () => {
    const calls = stubApi({
      '/api/auth/signup': {
        status: 201,
        body: { status: true, msg: MSG.signupDone, data: { email: 'dana@example.com' } },
      },
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderForm();

    await fillValidForm(user);
    await user.type(screen.getByLabelText('Phone'), '4155552671');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('verification page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?email=dana%40example.com');
    expect(calls.find((call) => call.path === '/api/auth/signup')?.body).toEqual({
      name: 'Dana Lopez',
      email: 'dana@example.com',
      phone: '+14155552671',
      password: 'correct horse',
      password_confirmation: 'correct horse',
    });
  });

  it('sends null for an empty phone', async () => {
    const calls = stubApi({
      '/api/auth/signup': { status: 201, body: { status: true, msg: MSG.signupDone, data: {} } },
    });
    const user = userEvent.setup({ delay: null });
    renderForm();

    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await screen.findByText('verification page');
    expect(calls.find((call) => call.path === '/api/auth/signup')?.body).toMatchObject({
      phone: null,
    });
  });

  it('shows 422 field errors under their fields', async () => {
    stubApi({
      '/api/auth/signup': {
        status: 422,
        body: { status: false, msg: MSG.invalidData, data: { email: [MSG.emailTaken] } },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderForm();

    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText(MSG.emailTaken)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });
});
