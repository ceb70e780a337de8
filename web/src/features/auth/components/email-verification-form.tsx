import { MSG, splitCode, VERIFICATION_TYPE } from '@floorfill/shared';
import { Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { errorMessageOf, isApiError } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { verifyEmail } from '../api/codes';
import { CODE_FIELDS_TO_CODE, isCompleteCode } from '../utils/code';
import { CodeInput } from './code-input';
import { ResendCode } from './resend-code';

export function EmailVerificationForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  const verify = useMutation({
    mutationFn: (digits: string) => verifyEmail({ email, ...splitCode(digits) }),
    onSuccess: () => {
      notifySuccess(MSG.emailVerified);
      navigate(paths.auth.login.getHref());
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
