import { MSG } from '@floorfill/shared';
import { notifications } from '@mantine/notifications';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { ApiError } from './api-client';
import { showFormError } from './form-errors';

function cardForm() {
  return {
    getValues: () => ({ stripe_card_number: '', stripe_cvc: '' }),
    setErrors: vi.fn(),
  };
}

function invalid(fieldErrors: Record<string, string[]>): ApiError {
  return new ApiError({ httpStatus: 422, msg: MSG.invalidData, fieldErrors });
}

describe('showFormError', () => {
  it('puts a 422 under the fields it is about, without a toast', () => {
    const toast = vi.spyOn(notifications, 'show');
    const form = cardForm();

    showFormError(form, invalid({ stripe_cvc: ['The CVC is invalid.'] }));

    expect(form.setErrors).toHaveBeenCalledWith({ stripe_cvc: 'The CVC is invalid.' });
    expect(toast).not.toHaveBeenCalled();
  });

  it('toasts a 422 about no field of the form, so it is not lost', async () => {
    renderWithProviders(<p>page</p>);

    showFormError(cardForm(), invalid({ card: ['Your card was declined.'] }));

    expect(await screen.findByText(MSG.invalidData)).toBeInTheDocument();
  });

  it('toasts any other failure with the server message', async () => {
    renderWithProviders(<p>page</p>);
    const form = cardForm();

    showFormError(form, new ApiError({ httpStatus: 500, msg: MSG.somethingWrong }));

    expect(await screen.findByText(MSG.somethingWrong)).toBeInTheDocument();
    expect(form.setErrors).not.toHaveBeenCalled();
  });
});
