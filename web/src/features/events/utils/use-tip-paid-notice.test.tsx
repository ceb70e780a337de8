import { screen } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { useTipPaidNotice } from './use-tip-paid-notice';

type TipPaidHandler = (push: {
  tipId: number;
  amountCents: number;
  attendeeName: string;
  eventId: number | null;
}) => void;

const handlers = vi.hoisted(() => new Map<string, TipPaidHandler>());

vi.mock('@/lib/socket', () => ({
  useSocketEvent: (name: string, handler: TipPaidHandler) => handlers.set(name, handler),
}));

function Dashboard() {
  useTipPaidNotice();
  return <p>dashboard</p>;
}

describe('tip:paid on the host dashboard', () => {
  it('toasts who tipped how much', async () => {
    renderWithProviders(<Dashboard />);
    const push = handlers.get('tip:paid');
    expect(push).toBeDefined();

    act(() => push?.({ tipId: 1, amountCents: 750, attendeeName: 'Ava', eventId: 12 }));

    expect(await screen.findByText('Ava tipped you $7.50')).toBeInTheDocument();
  });
});
