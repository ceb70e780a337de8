import type { UserDetails } from '@floorfill/shared';
import { useDisclosure } from '@mantine/hooks';
import { SocialLinksCard } from './social-links-card';
import { SocialLinksModal } from './social-links-modal';

interface OwnSocialLinksProps {
  details: UserDetails;
  /** False shows the card as visitors see it: no edit button, the visitors' empty message. */
  editable?: boolean;
}

/** The owner's Social Links card with the dialog its edit button opens. */
export function OwnSocialLinks({ details, editable = true }: OwnSocialLinksProps) {
  const [opened, dialog] = useDisclosure(false);
  return (
    <>
      <SocialLinksCard links={details.social_links} onEdit={editable ? dialog.open : undefined} />
      <SocialLinksModal
        opened={opened}
        userId={details.id}
        links={details.social_links}
        onDone={dialog.close}
      />
    </>
  );
}
