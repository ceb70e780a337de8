import { useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { EmailVerificationForm } from '@/features/auth/components/email-verification-form';
import { AuthPage } from '../../layouts/auth-layout';
import { MissingEmail } from './missing-email';

export function EmailVerificationRoute() {
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email')?.trim() ?? '';
  return (
    <AuthPage title="Verify your email" subtitle="One last step before you can log in.">
      {email ? (
        <EmailVerificationForm email={email} />
      ) : (
        <MissingEmail backTo={paths.auth.login.getHref()} backLabel="Back to login" />
      )}
    </AuthPage>
  );
}
