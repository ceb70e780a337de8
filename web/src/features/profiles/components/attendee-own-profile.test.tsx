import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '@/testing/render';
import { userDetails } from '../test-fixtures';
import { AttendeeOwnProfile } from './attendee-own-profile';

describe('attendee own profile', () => {
  it('shows no star rating: attendees are not rated, so "0.0, 0 reviews" would mean nothing', () => {
    stubApi({});
    renderWithProviders(
      <AttendeeOwnProfile
        details={userDetails({ rating: 0, total_review: 0 })}
        joinedEvents={[]}
        onShare={vi.fn()}
      />,
    );

    expect(screen.getByRole('heading', { level: 1, name: 'DJ Dana' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Rated / })).not.toBeInTheDocument();
    expect(screen.queryByText(/reviews?\)?$/)).not.toBeInTheDocument();
  });
});
