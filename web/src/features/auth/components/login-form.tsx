import { loginBody, MSG, ROLE, type LoginData } from '@floorfill/shared';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Divider,
  Group,
  PasswordInput,
  Stack,
  Text,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { CheckingNote } from '@/components/ui/checking-note';
import { errorMessageOf, isApiError, isRefused } from '@/lib/api-client';
import { useCheckingDevice } from '@/lib/challenge';
import { schemaErrors, serverFieldErrors } from '@/lib/form-errors';
import { notifyError, notifyInfo } from '@/lib/notify';
import { login, loginAsGuest, unverifiedEmailOf } from '../api/login';
import { sameSitePath, useRedirectStore } from '../stores/redirect-store';
import { useSessionStore } from '../stores/session-store';
import { EmailField } from './email-field';

interface LoginAlert {
  title: string;
  message: string;
  unverifiedEmail: string | null;
}

/**
 * Which failures have a message worth showing as is (spec §8): a wrong
 * password, an unverified email, a refusal with its wait, a check this
 * device could not finish. The rest read as unexpected.
 */
const SHOWN_STATUSES = new Set([401, 403, 428, 429]);

function alertFor(error: unknown): LoginAlert {
  if (!isApiError(error) || !SHOWN_STATUSES.has(error.httpStatus)) {
    return { title: 'Login failed', message: MSG.unexpected, unverifiedEmail: null };
  }
  // A refusal is no verdict on the password: it says when to try again.
  const title = isRefused(error) ? 'Wait before you try again' : 'Login failed';
  return { title, message: error.msg, unverifiedEmail: unverifiedEmailOf(error) };
}

function dashboardFor(data: LoginData): string {
  return data.default_login === ROLE.host
    ? paths.host.dashboard.getHref()
    : paths.attendee.dashboard.getHref();
}

export function LoginForm() {
  const [searchParams] = useSearchParams();
  const fromQrCode = searchParams.get('qr') === 'y';
  const navigate = useNavigate();
  const signIn = useSessionStore((state) => state.signIn);
  const [alert, setAlert] = useState<LoginAlert | null>(null);

  const form = useForm({
    initialValues: { email: '', password: '', remember: false },
    validate: (values) => schemaErrors(loginBody, values),
  });

  useEffect(() => {
    if (fromQrCode) notifyInfo(MSG.pleaseLogin);
  }, [fromQrCode]);

  // A link that sent here names where to come back to (an event's landing, which then joins).
  const next = sameSitePath(searchParams.get('next'));
  useEffect(() => {
    if (next) useRedirectStore.getState().save(next);
  }, [next]);

  const signInWith = useMutation({
    mutationFn: login,
    onSuccess: ({ data }) => {
      // The auth-area guard sends a signed-in account on; it takes the saved
      // path first, so an absent one is filled with the default_login dashboard.
      const redirect = useRedirectStore.getState();
      if (!redirect.path) redirect.save(dashboardFor(data));
      signIn(data.user, data.role);
    },
    onError: (error) => {
      if (isApiError(error) && error.httpStatus === 422) {
        form.setErrors(serverFieldErrors(error.fieldErrors));
        return;
      }
      setAlert(alertFor(error));
    },
  });

  const guest = useMutation({
    mutationFn: loginAsGuest,
    onSuccess: ({ data }) => {
      signIn(data.user, data.role);
      const saved = useRedirectStore.getState().take();
      navigate(saved ?? paths.home.getHref(), { replace: true });
    },
    onError: (error) => notifyError(errorMessageOf(error)),
  });

  const checkingSignIn = useCheckingDevice(signInWith.isPending);
  const checkingGuest = useCheckingDevice(guest.isPending);

  const submit = form.onSubmit((values) => {
    setAlert(null);
    signInWith.mutate(values);
  });

  return (
    <Stack gap="md">
      {alert ? (
        <Alert color="red" title={alert.title} withCloseButton onClose={() => setAlert(null)}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{alert.message}</Text>
            {alert.unverifiedEmail ? (
              <Button
                size="xs"
                variant="filled"
                onClick={() =>
                  navigate(paths.auth.emailVerification.getHref(alert.unverifiedEmail ?? ''))
                }
              >
                Verify email
              </Button>
            ) : null}
          </Stack>
        </Alert>
      ) : null}

      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <EmailField {...form.getInputProps('email')} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="space-between" wrap="wrap">
            <Checkbox
              label="Remember me"
              {...form.getInputProps('remember', { type: 'checkbox' })}
            />
            <Anchor component={Link} to={paths.auth.resetPassword.getHref()} size="sm">
              Forgot Password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={signInWith.isPending}>
            Login
          </Button>
          <CheckingNote checking={checkingSignIn} />
        </Stack>
      </form>

      {fromQrCode ? (
        <>
          <Divider label="or" labelPosition="center" />
          <Button
            variant="outline"
            fullWidth
            loading={guest.isPending}
            onClick={() => guest.mutate(undefined)}
          >
            Login as Guest
          </Button>
          <CheckingNote checking={checkingGuest} />
        </>
      ) : null}

      <Text size="sm" ta="center">
        Don&apos;t have an account?{' '}
        <Anchor component={Link} to={paths.auth.register.getHref()} fw={600}>
          Register
        </Anchor>
      </Text>
    </Stack>
  );
}
