import { FEEDBACK_MAX, MSG, RATING_MSG } from '@floorfill/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubApi } from '@/testing/render';
import { RateHostCard } from './rate-host-card';
import { RateHostModal } from './rate-host-modal';

const stored = {
  status: true,
  msg: RATING_MSG.stored,
  data: { rating: 4.2, total_review: 5, is_rated: true },
};

function renderCard(props: Partial<Parameters<typeof RateHostCard>[0]> = {}) {
  renderWithProviders(
    <RateHostCard hostId={3} eventId={12} isRated={false} isGuest={false} {...props} />,
    '/attendee/event/12',
  );
  return userEvent.setup({ delay: null });
}

async function openModal(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Rate The Host' }));
  return screen.findByRole('dialog', { name: 'RATE HOST' });
}

describe('Rate The Host', () => {
  it('is not shown once the host is rated', () => {
    renderCard({ isRated: true });
    expect(screen.queryByRole('button', { name: 'Rate The Host' })).not.toBeInTheDocument();
  });

  it('gives a guest the login alert instead of the form', async () => {
    const user = renderCard({ isGuest: true });

    await user.click(screen.getByRole('button', { name: 'Rate The Host' }));

    expect(await screen.findByText(MSG.pleaseLogin)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('picks stars with the keyboard, keeps Submit off until one is chosen, then hides the card', async () => {
    const calls = stubApi({ '/api/v1/store-rating': { body: stored } });
    const user = renderCard();
    const dialog = await openModal(user);
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();

    const stars = within(dialog).getAllByRole('radio');
    expect(stars.map((star) => star.getAttribute('aria-label'))).toEqual([
      'No rating',
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
    const group = within(dialog).getByRole('group', { name: /Rating/ });
    expect(group).toBeInTheDocument();

    expect(within(dialog).getByRole('radio', { name: 'No rating' })).toBeChecked();
    stars[0]?.focus();
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('radio', { name: '1 star' })).toBeChecked();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowLeft}');
    expect(within(dialog).getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(dialog).toHaveTextContent('4 stars selected.');
    expect(submit).toBeEnabled();

    await user.type(within(dialog).getByRole('textbox', { name: 'Review' }), 'Great set!');
    expect(dialog).toHaveTextContent(`10/${FEEDBACK_MAX}`);
    await user.click(submit);

    expect(await screen.findByText(RATING_MSG.stored)).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({
      host_id: 3,
      rating: 4,
      feedback: 'Great set!',
      event_id: 12,
    });
    expect(screen.queryByRole('button', { name: 'Rate The Host' })).not.toBeInTheDocument();
  });

  it('toasts a refusal such as an earlier rating and keeps the card', async () => {
    stubApi({
      '/api/v1/store-rating': {
        status: 409,
        body: { status: false, msg: RATING_MSG.alreadyRated },
      },
    });
    const user = renderCard();
    const dialog = await openModal(user);

    await user.click(within(dialog).getByRole('radio', { name: '5 stars' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(RATING_MSG.alreadyRated)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rate The Host' })).toBeInTheDocument();
  });

  it("shows a 422's field errors in the form", async () => {
    stubApi({
      '/api/v1/store-rating': {
        status: 422,
        body: { status: false, msg: 'Invalid data.', errors: { rating: [RATING_MSG.ratingRange] } },
      },
    });
    const user = renderCard();
    const dialog = await openModal(user);

    await user.click(within(dialog).getByRole('radio', { name: '2 stars' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByText(RATING_MSG.ratingRange)).toBeInTheDocument();
  });

  it('sends nothing from the host preview', async () => {
    const calls = stubApi({});
    renderWithProviders(<RateHostModal opened onClose={() => {}} hostId={3} preview />);
    const user = userEvent.setup({ delay: null });
    const dialog = await screen.findByRole('dialog', { name: 'RATE HOST' });

    await user.click(within(dialog).getByRole('radio', { name: '3 stars' }));

    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(calls).toHaveLength(0);
  });
});
