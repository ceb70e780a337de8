import { FEEDBACK_MAX, RATING_MAX, RATING_MSG, type StoreRatingAnswer } from '@floorfill/shared';
import { Alert, Button, Group, Modal, Rating, Stack, Text, Textarea } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { errorMessageOf, isApiError } from '@/lib/api-client';
import { serverFieldErrors, type FormErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useStoreRating } from '../api/store-rating';
import classes from './rate-host-modal.module.css';

export const RATE_PREVIEW_NOTE =
  'This is what attendees see. You cannot rate yourself, so Submit is off in the preview.';

export interface RateHostModalProps {
  opened: boolean;
  onClose: () => void;
  hostId: number;
  eventId?: number;
  /** The host's own 'View as attendee' preview: everything shows, nothing is sent. */
  preview?: boolean;
  onRated?: (answer: StoreRatingAnswer) => void;
}

const RATING_FIELD = 'rating';

/** Mantine's Rating has a radio for each star and one for 0 ("none yet"). */
function starLabel(value: number): string {
  if (value === 0) return 'No rating';
  return value === 1 ? '1 star' : `${value} stars`;
}

/**
 * 'RATE HOST' (spec §2, §5): five stars (radios: Tab to reach, arrow keys to
 * move, each one labelled) and an optional review; the stars are required.
 */
export function RateHostModal({
  opened,
  onClose,
  hostId,
  eventId,
  preview = false,
  onRated,
}: RateHostModalProps) {
  const [rating, setRating] = useState(0);
  const [feedback, setFeedback] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const storeRating = useStoreRating();

  const chooseRating = (value: number) => {
    setRating(value);
    setErrors((current) => ({ ...current, rating: '' }));
  };

  const close = () => {
    if (storeRating.isPending) return;
    setErrors({});
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1 || preview || storeRating.isPending) return;
    setErrors({});
    storeRating.mutate(
      { hostId, rating, feedback, eventId },
      {
        onSuccess: (answer) => {
          notifySuccess(RATING_MSG.stored);
          setRating(0);
          setFeedback('');
          onRated?.(answer);
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && error.httpStatus === 422) {
            const fieldErrors = serverFieldErrors(error.fieldErrors);
            if (Object.keys(fieldErrors).length > 0) {
              setErrors(fieldErrors);
              return;
            }
          }
          notifyError(errorMessageOf(error));
        },
      },
    );
  };

  const formError = errors.host_id ?? errors.event_id ?? null;

  return (
    <Modal opened={opened} onClose={close} title="RATE HOST" centered radius="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {preview ? (
            <Alert variant="light" color="yellow" icon={<IconInfoCircle aria-hidden="true" />}>
              {RATE_PREVIEW_NOTE}
            </Alert>
          ) : null}
          {/* Mantine's Rating commits a star on click, Space or Enter; arrow keys only
              highlight. A radio group should select as the arrows move, so the native
              change events of its radios (which bubble here) set the rating too. */}
          <fieldset
            style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
            onChange={(event) => {
              const target = event.target;
              if (target instanceof HTMLInputElement && target.name === RATING_FIELD) {
                chooseRating(Number(target.value));
              }
            }}
          >
            <Text component="legend" size="sm" fw={500} mb={6}>
              Rating{' '}
              <Text component="span" c="red" aria-hidden="true">
                *
              </Text>
            </Text>
            <Rating
              name={RATING_FIELD}
              count={RATING_MAX}
              size="xl"
              value={rating}
              onChange={chooseRating}
              getSymbolLabel={starLabel}
              classNames={{ starSymbol: classes.star }}
              data-autofocus
            />
            <Text size="xs" c={errors.rating ? 'red' : 'dimmed'} mt={6} aria-live="polite">
              {errors.rating ||
                (rating > 0 ? `${starLabel(rating)} selected.` : 'Choose from 1 to 5 stars.')}
            </Text>
          </fieldset>
          <Textarea
            label="Review"
            placeholder="What did you enjoy? (optional)"
            rows={4}
            resize="vertical"
            maxLength={FEEDBACK_MAX}
            value={feedback}
            onChange={(event) => setFeedback(event.currentTarget.value)}
            description={`${feedback.length}/${FEEDBACK_MAX}`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            error={errors.feedback || null}
          />
          {formError ? (
            <Text c="red" size="sm" role="alert">
              {formError}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={rating < 1 || preview} loading={storeRating.isPending}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
