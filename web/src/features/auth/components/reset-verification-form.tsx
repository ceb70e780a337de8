import { MSG, splitCode, VERIFICATION_TYPE, verifyOtpBody } from '@floorfill/shared';
import { Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { schemaErrors, type FormErrors, showFormError } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { resetPassword } from '../api/codes';
import { CODE_FIELDS_TO_CODE } from '../utils/code';
import { CodeInput } from './code-input';
import { NewPasswordFields } from './new-password-fields';
import { ResendCode } from './resend-code';

interface ResetValues {
  code: string;
  password: string;
  password_confirmation: string;
}

function toBody(email: string, values: ResetValues) {
  return {
    email,
    ...splitCode(values.code),
    password: values.password,
    password_confirmation: values.password_confirmation,
  };
}

function validate(email: string, values: ResetValues): FormErrors {
  const formErrors: FormErrors = {};
  for (const [field, message] of Object.entries(
    schemaErrors(verifyOtpBody, toBody(email, values)),
  )) {
    // The six boxes are one control: one message instead of the first empty box's complaint.
    if (field in CODE_FIELDS_TO_CODE) formErrors.code = MSG.fieldRequired;
    else formErrors[field] = message;
  }
  return formErrors;
}

export function ResetVerificationForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const form = useForm<ResetValues>({
    initialValues: { code: '', password: '', password_confirmation: '' },
    validate: (values) => validate(email, values),
  });

  const change = useMutation({
    mutationFn: (values: ResetValues) => resetPassword(verifyOtpBody.parse(toBody(email, values))),
    onSuccess: () => {
      notifySuccess(MSG.passwordChanged);
      navigate(paths.auth.login.getHref());
    },
    onError: (error) => showFormError(form, error, CODE_FIELDS_TO_CODE),
  });

  const codeError = form.errors.code;
  return (
    <form onSubmit={form.onSubmit((values) => change.mutate(values))} noValidate>
      <Stack gap="md">
        <Text size="sm">
          We sent a 6-digit code to <strong>{email}</strong>. Enter it with your new password.
        </Text>
        <CodeInput
          value={form.values.code}
          onChange={(value) => form.setFieldValue('code', value)}
          error={typeof codeError === 'string' ? codeError : null}
          autoFocus
        />
        <NewPasswordFields
          label="New Password"
          password={form.getInputProps('password')}
          confirmation={form.getInputProps('password_confirmation')}
        />
        <Button type="submit" fullWidth loading={change.isPending}>
          Change Password
        </Button>
        <ResendCode email={email} verificationType={VERIFICATION_TYPE.reset} />
      </Stack>
    </form>
  );
}
