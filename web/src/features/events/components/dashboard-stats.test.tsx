import { EMPTY_BOOST_TOTALS } from '@floorfill/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubApi } from '@/testing/render';
import { DashboardStats } from './dashboard-stats';

function stubDashboard(boosts = EMPTY_BOOST_TOTALS) {
  stubApi({
    '/api/v1/get-host-dashboard-data': {
      body: {
        status: true,
        msg: '',
        data: { events: 3, users: 40, requests: 120, tips: { count: 2, total_cents: 700 }, boosts },
      },
    },
  });
}

describe('the host’s totals', () => {
  it('shows the boost money charged under the tips', async () => {
    stubDashboard({ ...EMPTY_BOOST_TOTALS, charged_count: 3, charged_cents: 1500 });
    renderWithProviders(<DashboardStats />);

    expect(await screen.findByText('Boosts charged: 3 · $15.00')).toBeInTheDocument();
    expect(screen.getByText('$7.00')).toBeInTheDocument();
  });

  it('says nothing of boosts before one was charged', async () => {
    stubDashboard();
    renderWithProviders(<DashboardStats />);

    expect(await screen.findByText('2 tips')).toBeInTheDocument();
    expect(screen.queryByText(/Boosts charged/)).not.toBeInTheDocument();
  });
});
