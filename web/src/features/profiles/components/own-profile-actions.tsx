import { Button } from '@mantine/core';
import { IconPencil, IconQrcode } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

interface OwnProfileActionsProps {
  /** The role's Settings page. */
  editHref: string;
  onShare: () => void;
}

/** What the owner of a profile can do with it: edit it, share it. */
export function OwnProfileActions({ editHref, onShare }: OwnProfileActionsProps) {
  return (
    <>
      <Button
        component={Link}
        to={editHref}
        variant="light"
        leftSection={<IconPencil size={16} aria-hidden="true" />}
      >
        Edit Profile
      </Button>
      <Button leftSection={<IconQrcode size={16} aria-hidden="true" />} onClick={onShare}>
        Share Profile
      </Button>
    </>
  );
}
