import { RegisterForm } from '@/features/auth/components/register-form';
import { AuthPage } from '../../layouts/auth-layout';

export function RegisterRoute() {
  return (
    <AuthPage title="Create your account" subtitle="One account to host events or join them.">
      <RegisterForm />
    </AuthPage>
  );
}
