import { LoginForm } from '@/features/auth/components/login-form';
import { AuthPage } from '../../layouts/auth-layout';

export function LoginRoute() {
  return (
    <AuthPage title="Login" subtitle="Welcome back. Log in to request songs and run your events.">
      <LoginForm />
    </AuthPage>
  );
}
