import { useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ResetVerificationForm } from '@/features/auth/components/reset-verification-form';
import { AuthPage } from '../../layouts/auth-layout';
import { MissingEmail } from './missing-email';

export function VerificationRoute() {
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email')?.trim() ?? '';
  return (
    <AuthPage title="Choose a new password">
      {email ? (
        <ResetVerificationForm email={email} />
      ) : (
        <MissingEmail backTo={paths.auth.resetPassword.getHref()} backLabel="Request a code" />
      )}
    </AuthPage>
  );
}
