import type { UserDetails } from '@floorfill/shared';
import { QrShareModal } from '@/features/sharing';
import { profileQrFileName } from '../utils/session-user';

export interface ProfileShareModalProps {
  details: UserDetails;
  opened: boolean;
  onClose: () => void;
}

/** Share Profile: the profile's QR code and its link, whoever's profile it is. */
export function ProfileShareModal({ details, opened, onClose }: ProfileShareModalProps) {
  return (
    <QrShareModal
      opened={opened}
      onClose={onClose}
      title="Share Profile"
      qrImagePath={details.qrcode_path}
      url={details.url}
      downloadFileName={profileQrFileName(details.id)}
    />
  );
}
