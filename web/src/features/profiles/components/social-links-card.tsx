import type { SocialLink } from '@floorfill/shared';
import {
  ActionIcon,
  Anchor,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { PlainList } from '@/components/ui/plain-list';
import classes from './profile.module.css';

export const NO_SOCIAL_LINKS_OWN = 'Please add some social links to show here.';
export const NO_SOCIAL_LINKS_OTHER = 'No social links yet.';

interface SocialLinksCardProps {
  links: SocialLink[];
  /** Shows the edit button; the empty message then invites the owner to add links. */
  onEdit?: () => void;
}

export function SocialLinksCard({ links, onEdit }: SocialLinksCardProps) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="social-links-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="lg" id="social-links-title">
            Social Links
          </Title>
          {onEdit ? (
            <ActionIcon variant="light" size="lg" aria-label="Edit social links" onClick={onEdit}>
              <IconPencil size={18} aria-hidden="true" />
            </ActionIcon>
          ) : null}
        </Group>
        {links.length === 0 ? (
          <Text c="dimmed" size="sm">
            {onEdit ? NO_SOCIAL_LINKS_OWN : NO_SOCIAL_LINKS_OTHER}
          </Text>
        ) : (
          <PlainList gap="sm">
            {links.map((link) => (
              <li key={link.id}>
                <Anchor
                  href={link.link}
                  target="_blank"
                  rel="noopener noreferrer"
                  underline="hover"
                  c="inherit"
                  fw={600}
                  style={{ display: 'inline-flex', alignItems: 'center', gap: 10 }}
                >
                  <img src={link.logo} alt="" className={classes.socialLogo} />
                  <span>{link.name}</span>
                  <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
                </Anchor>
              </li>
            ))}
          </PlainList>
        )}
      </Stack>
    </Paper>
  );
}
