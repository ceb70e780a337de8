import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '@/testing/render';
import { HostDashboard } from './host-dashboard';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the host dashboard', () => {
  it('offers a new DJ Create Event first, which opens the form', async () => {
    stubApi({});
    renderWithProviders(<HostDashboard />, '/host/dashboard');
    const create = screen.getByRole('button', { name: 'Create Event' });
    await userEvent.click(create);
    expect(await screen.findByRole('dialog', { name: 'Create Event' })).toBeInTheDocument();
  });
});
