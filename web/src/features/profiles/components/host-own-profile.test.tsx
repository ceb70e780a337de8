import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '@/testing/render';
import { userDetails } from '../test-fixtures';
import { HostOwnProfile, PREVIEW_RATE_NOTE, VIEWING_AS_ATTENDEE } from './host-own-profile';
import { NO_SOCIAL_LINKS_OWN } from './social-links-card';

describe('host own profile', () => {
  it('previews the attendee view and switches back', async () => {
    stubApi({});
    const user = userEvent.setup({ delay: null });
    const onShare = vi.fn();
    renderWithProviders(<HostOwnProfile details={userDetails()} onShare={onShare} />);

    expect(screen.getByRole('heading', { level: 1, name: 'DJ Dana' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute(
      'href',
      '/host/profile/edit',
    );
    expect(screen.getByText(NO_SOCIAL_LINKS_OWN)).toBeInTheDocument();
    expect(screen.queryByText(VIEWING_AS_ATTENDEE)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'RATE' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'View as attendee' }));

    expect(screen.getByText(VIEWING_AS_ATTENDEE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'RATE' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'SEND TIP' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Profile' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit social links' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'RATE' }));
    expect(await screen.findByText(PREVIEW_RATE_NOTE)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'SHARE' }));
    expect(onShare).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'View as host' }));

    expect(screen.queryByText(VIEWING_AS_ATTENDEE)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit social links' })).toBeInTheDocument();
  });

  it('lists social links that open in a new tab without access to this page', () => {
    stubApi({});
    renderWithProviders(
      <HostOwnProfile
        details={userDetails({
          social_links: [
            {
              id: 1,
              social_id: 1,
              link: 'https://instagram.com/djdana',
              name: 'Instagram',
              logo: '/api/social-icons/instagram.svg',
            },
          ],
        })}
        onShare={vi.fn()}
      />,
    );

    const link = screen.getByRole('link', { name: /Instagram/ });
    expect(link).toHaveAttribute('href', 'https://instagram.com/djdana');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });
});
