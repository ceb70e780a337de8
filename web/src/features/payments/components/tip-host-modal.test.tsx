import { MSG, PAYMENT_MSG } from '@floorfill/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '@/testing/render';
import { TIP_PCI_NOTE, TipHostModal } from './tip-host-modal';

const CHECKOUT_URL = 'http://localhost/demo/checkout/demo_cs_1';

function renderModal(options: { eventId?: number; preview?: boolean } = {}) {
  const navigate = vi.fn();
  const view = renderWithProviders(
    <TipHostModal
      opened
      onClose={() => {}}
      hostId={3}
      hostName="DJ Dana"
      eventId={options.eventId}
      preview={options.preview}
      navigate={navigate}
    />,
    '/attendee/event/12',
  );
  const user = userEvent.setup({ delay: null });
  return { ...view, navigate, user };
}

const payNow = () => screen.getByRole('button', { name: 'PAY NOW' });

async function typeCustom(user: ReturnType<typeof userEvent.setup>, amount: string) {
  await user.click(screen.getByRole('radio', { name: 'Custom' }));
  const input = screen.getByRole('textbox', { name: 'Custom amount' });
  await user.clear(input);
  if (amount) await user.type(input, amount);
  return input;
}

describe('TIP THE HOST', () => {
  it('offers $1, $2, $5 and Custom, starts on $5 and says what will be paid', async () => {
    const { user } = renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'TIP THE HOST' });

    for (const name of ['$1', '$2', '$5', 'Custom']) {
      expect(within(dialog).getByRole('radio', { name })).toBeInTheDocument();
    }
    expect(within(dialog).getByRole('radio', { name: '$5' })).toBeChecked();
    expect(dialog).toHaveTextContent('Total: $5.00');
    expect(payNow()).toBeEnabled();
    expect(dialog).toHaveTextContent(TIP_PCI_NOTE);

    await user.click(within(dialog).getByRole('radio', { name: '$2' }));
    expect(dialog).toHaveTextContent('Total: $2.00');
  });

  it.each([
    ['0.99', MSG.tipMin],
    ['100.01', MSG.tipMax],
    ['1.234', MSG.tipDecimals],
    ['ten', PAYMENT_MSG.amountInvalid],
    ['-5', MSG.tipMin],
  ])('refuses a custom %s with "%s" and keeps PAY NOW off', async (amount, message) => {
    const { user } = renderModal();
    await screen.findByRole('dialog', { name: 'TIP THE HOST' });

    const input = await typeCustom(user, amount);

    expect(input).toHaveAccessibleDescription(expect.stringContaining(message) as string);
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(payNow()).toBeDisabled();
  });

  it.each([
    ['1', '$1.00'],
    ['100', '$100.00'],
    ['7.5', '$7.50'],
    ['12.34', '$12.34'],
  ])('accepts a custom %s', async (amount, total) => {
    const { user } = renderModal();
    await screen.findByRole('dialog', { name: 'TIP THE HOST' });

    const input = await typeCustom(user, amount);

    expect(input).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog')).toHaveTextContent(`Total: ${total}`);
    expect(payNow()).toBeEnabled();
  });

  it('keeps PAY NOW off while the custom amount is empty', async () => {
    const { user } = renderModal();
    await screen.findByRole('dialog', { name: 'TIP THE HOST' });

    await typeCustom(user, '');

    expect(payNow()).toBeDisabled();
  });

  it('asks for a payment link in exact dollars and sends the browser to it', async () => {
    const calls = stubApi({
      '/api/v1/create-payment-link': {
        body: {
          status: true,
          msg: PAYMENT_MSG.linkCreated,
          data: { status: true, url: CHECKOUT_URL },
        },
      },
    });
    const { user, navigate } = renderModal({ eventId: 12 });
    await screen.findByRole('dialog', { name: 'TIP THE HOST' });

    await typeCustom(user, '7.10');
    await user.click(payNow());

    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({
      host_id: 3,
      amount: 7.1,
      event_id: 12,
      return_path: '/attendee/event/12',
    });
  });

  it('tips a preset without an event from a host profile', async () => {
    const calls = stubApi({
      '/api/v1/create-payment-link': {
        body: { status: true, msg: '', data: { status: true, url: CHECKOUT_URL } },
      },
    });
    const { user, navigate } = renderModal();
    await screen.findByRole('dialog', { name: 'TIP THE HOST' });

    await user.click(screen.getByRole('radio', { name: '$1' }));
    await user.click(payNow());

    await vi.waitFor(() => expect(navigate).toHaveBeenCalledOnce());
    expect(calls[0]?.body).toEqual({ host_id: 3, amount: 1, return_path: '/attendee/event/12' });
  });

  it("shows a 422's amount error in the form", async () => {
    stubApi({
      '/api/v1/create-payment-link': {
        status: 422,
        body: { status: false, msg: 'Invalid data.', errors: { amount: [MSG.tipMax] } },
      },
    });
    const { user, navigate } = renderModal();
    await screen.findByRole('dialog', { name: 'TIP THE HOST' });

    await typeCustom(user, '50');
    await user.click(payNow());

    expect(await screen.findByText(MSG.tipMax)).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  it("toasts any other failure's message", async () => {
    stubApi({
      '/api/v1/create-payment-link': {
        status: 409,
        body: { status: false, msg: PAYMENT_MSG.hostCannotReceive },
      },
    });
    const { user, navigate } = renderModal();
    await screen.findByRole('dialog', { name: 'TIP THE HOST' });

    await user.click(payNow());

    expect(await screen.findByText(PAYMENT_MSG.hostCannotReceive)).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shows everything but pays nothing in the host preview', async () => {
    const calls = stubApi({});
    const { user } = renderModal({ preview: true });
    await screen.findByRole('dialog', { name: 'TIP THE HOST' });

    expect(payNow()).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: '$1' }));
    expect(payNow()).toBeDisabled();
    expect(calls).toHaveLength(0);
  });
});
