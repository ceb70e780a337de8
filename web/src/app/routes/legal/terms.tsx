import { TermsOfService } from '@/features/legal/components/terms-of-service';

export function TermsRoute() {
  return <TermsOfService />;
}
