import { ResetRequestForm } from '@/features/auth/components/reset-request-form';
import { AuthPage } from '../../layouts/auth-layout';

export function ResetPasswordRoute() {
  return (
    <AuthPage
      title="Reset your password"
      subtitle="Enter your account's email and we will send you a 6-digit code."
    >
      <ResetRequestForm />
    </AuthPage>
  );
}
