import type { EventSummary } from '@floorfill/shared';
import { QrShareModal } from '@/features/sharing';

export interface EventShareModalProps {
  event: EventSummary;
  opened: boolean;
  onClose: () => void;
}

/** Share Event: the event's QR code, its attendee link and its short code. */
export function EventShareModal({ event, opened, onClose }: EventShareModalProps) {
  return (
    <QrShareModal
      opened={opened}
      onClose={onClose}
      title="Share Event"
      qrImagePath={event.qrcode_path}
      url={event.url}
      downloadFileName={`floorfill-event-${event.code}.png`}
      eventCode={event.event_code}
    />
  );
}
