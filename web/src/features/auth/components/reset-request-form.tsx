import { MSG, sendOtpBody } from '@floorfill/shared';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { schemaErrors, showFormError } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { sendResetCode } from '../api/codes';
import { EmailField } from './email-field';

export function ResetRequestForm() {
  const navigate = useNavigate();
  const form = useForm({
    initialValues: { email: '' },
    validate: (values) => schemaErrors(sendOtpBody, values),
  });

  const send = useMutation({
    mutationFn: (values: { email: string }) => sendResetCode(sendOtpBody.parse(values)),
    onSuccess: ({ data }) => {
      notifySuccess(MSG.otpSent);
      navigate(paths.auth.verification.getHref(data.email));
    },
    onError: (error) => showFormError(form, error),
  });

  return (
    <Stack gap="md">
      <form onSubmit={form.onSubmit((values) => send.mutate(values))} noValidate>
        <Stack gap="md">
          <EmailField {...form.getInputProps('email')} />
          <Button type="submit" fullWidth loading={send.isPending}>
            Send OTP
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Remembered it?{' '}
        <Anchor component={Link} to={paths.auth.login.getHref()} fw={600}>
          Back to login
        </Anchor>
      </Text>
    </Stack>
  );
}
