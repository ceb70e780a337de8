import { DEFAULT_REQUEST_SETTINGS, REQUEST_RULE_MSG } from '@floorfill/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { songRequest } from '@/features/realtime/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { canRequest, RequestState, requestsLeft } from './request-state';

const waiting = [songRequest({ id: 1, status: 0 }), songRequest({ id: 2, status: 0 })];
const played = songRequest({ id: 3, status: 1 });

describe('request state', () => {
  it('counts what is left under the cap from the guest’s waiting songs only', () => {
    const capped = { ...DEFAULT_REQUEST_SETTINGS, max_open_requests_per_guest: 3 };
    expect(requestsLeft(DEFAULT_REQUEST_SETTINGS, waiting)).toBeNull();
    expect(requestsLeft(capped, [...waiting, played])).toBe(1);
    expect(canRequest(capped, [...waiting, played])).toBe(true);
    expect(canRequest({ ...capped, max_open_requests_per_guest: 2 }, waiting)).toBe(false);
    expect(canRequest({ ...DEFAULT_REQUEST_SETTINGS, requests_open: false }, [])).toBe(false);
  });

  it('says requests are closed', () => {
    renderWithProviders(
      <RequestState
        settings={{ ...DEFAULT_REQUEST_SETTINGS, requests_open: false }}
        ownRequests={[]}
      />,
    );
    expect(screen.getByText(REQUEST_RULE_MSG.closed)).toBeInTheDocument();
  });

  it('says how many are left and the cooldown, and nothing when no control is on', () => {
    const view = renderWithProviders(
      <RequestState
        settings={{
          ...DEFAULT_REQUEST_SETTINGS,
          max_open_requests_per_guest: 3,
          guest_cooldown_seconds: 120,
        }}
        ownRequests={waiting}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      '1 of 3 requests left. One request every 2 min.',
    );
    view.unmount();
    renderWithProviders(<RequestState settings={DEFAULT_REQUEST_SETTINGS} ownRequests={waiting} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
