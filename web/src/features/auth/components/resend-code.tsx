import { RESEND_COOLDOWN_SECONDS, type VerificationType } from '@floorfill/shared';
import { Button, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { errorMessageOf, isApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { resendCode, retryAfterSecondsOf } from '../api/codes';
import { formatCountdown, useCountdown } from '../utils/countdown';

interface ResendCodeProps {
  email: string;
  verificationType: VerificationType;
}

/**
 * "Resend Code" with the spec's countdown, started on load. The server's own
 * `retry_after_seconds` (on success and on 429) restarts it, so the screen and
 * the server's rate limit never disagree.
 */
export function ResendCode({ email, verificationType }: ResendCodeProps) {
  const cooldown = RESEND_COOLDOWN_SECONDS[verificationType];
  const { secondsLeft, restart } = useCountdown(cooldown);

  const resend = useMutation({
    mutationFn: () => resendCode({ email, verification_type: verificationType }),
    onSuccess: ({ msg, data }) => {
      notifySuccess(msg);
      restart(data.retry_after_seconds || cooldown);
    },
    onError: (error) => {
      const wait = isApiError(error) ? retryAfterSecondsOf(error) : null;
      if (wait !== null) restart(wait);
      notifyError(errorMessageOf(error));
    },
  });

  const waiting = secondsLeft > 0;
  return (
    <Group gap={4} justify="center" wrap="wrap">
      <Text size="sm">Didn&apos;t get the code?</Text>
      <Button
        variant="subtle"
        size="compact-sm"
        disabled={waiting || !email}
        loading={resend.isPending}
        onClick={() => resend.mutate()}
      >
        Resend Code
      </Button>
      {waiting ? (
        <Text size="sm" c="dimmed">
          in <time dateTime={`PT${secondsLeft}S`}>{formatCountdown(secondsLeft)}</time>
        </Text>
      ) : null}
    </Group>
  );
}
