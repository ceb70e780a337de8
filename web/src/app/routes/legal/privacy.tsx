import { PrivacyPolicy } from '@/features/legal/components/privacy-policy';

export function PrivacyRoute() {
  return <PrivacyPolicy />;
}
