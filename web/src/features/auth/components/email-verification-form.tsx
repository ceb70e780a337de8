import { MSG, ROLE, splitCode, VERIFICATION_TYPE } from '@floorfill/shared';
import { Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { errorMessageOf, isApiError } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { verifyEmail } from '../api/codes';
import { getSession } from '../api/session';
import { useRedirectStore } from '../stores/redirect-store';
import { useSessionStore } from '../stores/session-store';
import { CODE_FIELDS_TO_CODE, isCompleteCode } from '../utils/code';
import { CodeInput } from './code-input';
import { ResendCode } from './resend-code';

/** The mailed code of a new account: a right one verifies the email and signs the browser in. */
export function EmailVerificationForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  const signIn = useSessionStore((state) => state.signIn);

  // A right code signs the browser in (the server sets the session): the new
  // account lands on its dashboard, not on an empty sign-in form.
  const verify = useMutation({
    mutationFn: async (digits: string) => {
      await verifyEmail({ email, ...splitCode(digits) });
      return getSession();
    },
    onSuccess: (session) => {
      notifySuccess(MSG.emailVerified);
      if (!session) {
        navigate(paths.auth.login.getHref());
        return;
      }
      // The auth area's guard sends a signed-in account on, to a saved path first.
      const redirect = useRedirectStore.getState();
      if (!redirect.path) {
        redirect.save(
          session.role === ROLE.host
            ? paths.host.dashboard.getHref()
            : paths.attendee.dashboard.getHref(),
        );
      }
      signIn(session.user, session.role);
    },
    onError: (error) => {
      if (isApiError(error) && error.httpStatus === 422) {
        const errors = serverFieldErrors(error.fieldErrors, CODE_FIELDS_TO_CODE);
        setCodeError(errors.code ?? Object.values(errors)[0] ?? error.msg);
        return;
      }
      notifyError(errorMessageOf(error));
    },
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (isCompleteCode(code)) verify.mutate(code);
      }}
    >
      <Stack gap="lg">
        <Text size="sm">
          We sent a 6-digit code to <strong>{email}</strong>.
        </Text>
        <CodeInput
          value={code}
          onChange={(value) => {
            setCode(value);
            setCodeError(null);
          }}
          error={codeError}
          autoFocus
        />
        <Button type="submit" fullWidth disabled={!isCompleteCode(code)} loading={verify.isPending}>
          Verify
        </Button>
        <ResendCode email={email} verificationType={VERIFICATION_TYPE.email} />
      </Stack>
    </form>
  );
}
