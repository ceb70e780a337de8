import { MSG, PROFILE_MSG, type SocialLink } from '@floorfill/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '@/testing/render';
import { ok, PLATFORMS } from '../test-fixtures';
import { SocialLinksModal } from './social-links-modal';

type User = ReturnType<typeof userEvent.setup>;

/** Opens the modal and waits until the platforms are in and the modal has taken the focus. */
async function renderModal(links: SocialLink[] = []) {
  const onDone = vi.fn();
  renderWithProviders(<SocialLinksModal opened userId={7} links={links} onDone={onDone} />);
  const dialog = screen.getByRole('dialog');
  await waitFor(() => {
    expect(within(dialog).getAllByLabelText('Platform')[0]).toBeEnabled();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });
  return onDone;
}

function row(index: number) {
  return screen.getByRole('group', { name: `Social link ${index}` });
}

async function fillRow(user: User, index: number, platform: string | null, link: string) {
  const group = row(index);
  if (platform) {
    const select = within(group).getByLabelText('Platform');
    await user.click(select);
    const listbox = document.getElementById(select.getAttribute('aria-controls') ?? '');
    if (!listbox) throw new Error('the platform list did not open');
    // The dropdown is still fading in under jsdom, hence hidden: the option is there and clickable.
    await user.click(within(listbox).getByRole('option', { name: platform, hidden: true }));
  }
  if (link) {
    await user.click(within(group).getByLabelText('Link'));
    await user.paste(link);
  }
}

function savedBody(calls: ReturnType<typeof stubApi>) {
  return calls.find((call) => call.path === '/api/v1/update-social-links')?.body;
}

const instagram: SocialLink = {
  id: 1,
  social_id: 1,
  link: 'https://instagram.com/djdana',
  name: 'Instagram',
  logo: '/api/social-icons/instagram.svg',
};

describe('social links modal', () => {
  it('adds rows with Add More and removes the chosen row', async () => {
    stubApi({ '/api/v1/all-social-link-list': ok(PLATFORMS) });
    const user = userEvent.setup({ delay: null });
    await renderModal([instagram]);

    expect(within(row(1)).getByLabelText('Link')).toHaveValue(instagram.link);
    await user.click(screen.getByRole('button', { name: 'Add More' }));
    await user.click(screen.getByRole('button', { name: 'Add More' }));
    expect(screen.getAllByRole('group', { name: /^Social link/ })).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Delete social link 1' }));

    expect(screen.getAllByRole('group', { name: /^Social link/ })).toHaveLength(2);
    expect(screen.queryByDisplayValue(instagram.link)).not.toBeInTheDocument();
  });

  it('drops rows without a link from the payload and saves the rest', async () => {
    const saved = [{ ...instagram, id: 1 }];
    const calls = stubApi({
      '/api/v1/all-social-link-list': ok(PLATFORMS),
      '/api/v1/update-social-links': ok(saved, PROFILE_MSG.socialLinksUpdated),
    });
    const user = userEvent.setup({ delay: null });
    const onDone = await renderModal();

    await fillRow(user, 1, 'Facebook', '');
    await user.click(screen.getByRole('button', { name: 'Add More' }));
    await fillRow(user, 2, 'Instagram', 'https://instagram.com/djdana');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(PROFILE_MSG.socialLinksUpdated)).toBeInTheDocument();
    expect(savedBody(calls)).toEqual({
      social_links: [{ social_id: 1, link: 'https://instagram.com/djdana' }],
    });
    expect(onDone).toHaveBeenCalled();
  });

  it('shows an invalid link error on its own row and sends nothing', async () => {
    const calls = stubApi({ '/api/v1/all-social-link-list': ok(PLATFORMS) });
    const user = userEvent.setup({ delay: null });
    await renderModal([instagram]);

    await user.click(screen.getByRole('button', { name: 'Add More' }));
    await fillRow(user, 2, 'SoundCloud', 'soundcloud dot com');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(
      await within(row(2)).findByText('Must be a link starting with http:// or https://'),
    ).toBeInTheDocument();
    expect(within(row(2)).getByLabelText('Link')).toHaveAttribute('aria-invalid', 'true');
    expect(within(row(1)).getByLabelText('Link')).not.toHaveAttribute('aria-invalid', 'true');
    expect(savedBody(calls)).toBeUndefined();
  });

  it('asks for a platform when a row has a link', async () => {
    stubApi({ '/api/v1/all-social-link-list': ok(PLATFORMS) });
    const user = userEvent.setup({ delay: null });
    await renderModal();

    await fillRow(user, 1, null, 'https://example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await within(row(1)).findByText(MSG.fieldRequired)).toBeInTheDocument();
  });

  it('places a 422 error on the row it belongs to, counting only the rows sent', async () => {
    stubApi({
      '/api/v1/all-social-link-list': ok(PLATFORMS),
      '/api/v1/update-social-links': {
        status: 422,
        body: {
          status: false,
          msg: MSG.invalidData,
          errors: { 'social_links.0.link': ['This link is not allowed.'] },
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    const onDone = await renderModal();

    await fillRow(user, 1, 'Facebook', '');
    await user.click(screen.getByRole('button', { name: 'Add More' }));
    await fillRow(user, 2, 'Instagram', 'https://instagram.com/x');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await within(row(2)).findByText('This link is not allowed.')).toBeInTheDocument();
    expect(within(row(1)).queryByText('This link is not allowed.')).not.toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });
});
