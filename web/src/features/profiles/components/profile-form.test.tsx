import { MSG, PROFILE_MSG } from '@floorfill/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '@/testing/render';
import { ok, userDetails } from '../test-fixtures';
import { ProfileForm } from './profile-form';

function renderForm(onSaved = vi.fn()) {
  renderWithProviders(
    <ProfileForm details={userDetails()} onSaved={onSaved} />,
    '/host/profile/edit',
  );
  return onSaved;
}

function sentForm(calls: ReturnType<typeof stubApi>): FormData {
  const call = calls.find((entry) => entry.path === '/api/v1/update-host-profile');
  if (!(call?.body instanceof FormData)) throw new Error('no multipart profile update was sent');
  return call.body;
}

describe('profile form', () => {
  it('requires the display name and the full name and sends nothing without them', async () => {
    const calls = stubApi({});
    const user = userEvent.setup({ delay: null });
    renderForm();

    await user.clear(screen.getByLabelText('Display Name'));
    await user.clear(screen.getByLabelText('Full Name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findAllByText(MSG.fieldRequired)).toHaveLength(2);
    expect(screen.getByLabelText('Display Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Full Name')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('shows the phone disabled and the email read-only', () => {
    stubApi({});
    renderForm();

    expect(screen.getByLabelText('Phone')).toBeDisabled();
    expect(screen.getByLabelText('Phone')).toHaveValue('+14155552671');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveValue('dana@example.com');
  });

  it('sends every field as multipart text, toasts the answer and hands back the saved profile', async () => {
    const saved = userDetails({ display_name: 'DJ Nova', bio: 'Disco.' });
    const calls = stubApi({
      '/api/v1/update-host-profile': ok(saved, PROFILE_MSG.updated),
    });
    const user = userEvent.setup({ delay: null });
    const onSaved = renderForm();

    await user.clear(screen.getByLabelText('Display Name'));
    await user.type(screen.getByLabelText('Display Name'), 'DJ Nova');
    await user.clear(screen.getByLabelText(/^Bio/));
    await user.type(screen.getByLabelText(/^Bio/), 'Disco.');
    await user.type(screen.getByLabelText('City'), 'Berlin');
    await user.click(screen.getByRole('radio', { name: 'Attendee' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(PROFILE_MSG.updated, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledWith(saved);
    const form = sentForm(calls);
    expect(Object.fromEntries(form.entries())).toEqual({
      display_name: 'DJ Nova',
      name: 'Dana Lopez',
      bio: 'Disco.',
      date_of_birth: '',
      gender: '',
      address: '',
      zip: '',
      city: 'Berlin',
      state: '',
      country: '',
      default_login: '3',
    });
  });

  it('puts 422 field errors under their fields and stays on the form', async () => {
    stubApi({
      '/api/v1/update-host-profile': {
        status: 422,
        body: {
          status: false,
          msg: MSG.invalidData,
          errors: {
            zip: ['Must be at most 20 characters.'],
            profile_image: ['The image could not be read.'],
          },
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    const onSaved = renderForm();

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Must be at most 20 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Zip')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('The image could not be read.')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('toasts the message of any other failure', async () => {
    stubApi({
      '/api/v1/update-host-profile': {
        status: 403,
        body: { status: false, msg: MSG.pleaseRegister },
      },
    });
    const user = userEvent.setup({ delay: null });
    const onSaved = renderForm();

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MSG.pleaseRegister)).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
