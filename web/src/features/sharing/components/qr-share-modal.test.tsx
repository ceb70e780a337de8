import { MSG } from '@floorfill/shared';
import { notifications } from '@mantine/notifications';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { QrShareModal } from './qr-share-modal';

const URL_TO_SHARE = 'http://localhost/attendee/event/7?qr=y';

function mockClipboard(writeText: (text: string) => Promise<void>) {
  const spy = vi.fn(writeText);
  Object.defineProperty(navigator, 'clipboard', {
    value: { writeText: spy },
    configurable: true,
  });
  return spy;
}

function renderEventModal() {
  return renderWithProviders(
    <QrShareModal
      opened
      onClose={() => {}}
      title="Share Event"
      qrImagePath="/api/qr/events/ABC234.png"
      url={URL_TO_SHARE}
      downloadFileName="floorfill-event-ABC234.png"
      eventCode="ABC234"
    />,
  );
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  // Toasts live in a module-level store that outlasts each test's render.
  notifications.clean();
});

describe('QR share modal', () => {
  it('copies the link and the event code, each with the spec toast', async () => {
    // user-event installs its own clipboard on setup; ours goes on top.
    const user = userEvent.setup({ delay: null });
    const writeText = mockClipboard(async () => {});
    renderEventModal();

    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenLastCalledWith(URL_TO_SHARE);
    expect(await screen.findByText(MSG.copySuccess)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy event code' }));
    expect(writeText).toHaveBeenLastCalledWith('ABC234');
  });

  it('says so when the browser refuses the clipboard', async () => {
    const user = userEvent.setup({ delay: null });
    mockClipboard(async () => {
      throw new DOMException('Denied', 'NotAllowedError');
    });
    renderEventModal();

    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText(/Could not copy/)).toBeInTheDocument();
    expect(screen.queryByText(MSG.copySuccess)).not.toBeInTheDocument();
  });

  it('downloads the PNG from the attachment variant of the QR route', () => {
    renderEventModal();

    const download = screen.getByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute('href', '/api/qr/events/ABC234.png?download=1');
    expect(download).toHaveAttribute('download', 'floorfill-event-ABC234.png');
    expect(screen.getByRole('img', { name: 'QR code linking to this event' })).toHaveAttribute(
      'src',
      '/api/qr/events/ABC234.png',
    );
  });

  it('shows no event code for a profile', () => {
    renderWithProviders(
      <QrShareModal
        opened
        onClose={() => {}}
        title="Share Profile"
        qrImagePath="/api/qr/profiles/3.png"
        url="http://localhost/attendee/host-profile/3"
        downloadFileName="floorfill-profile-3.png"
      />,
    );

    expect(screen.getByRole('dialog', { name: 'Share Profile' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Event code')).not.toBeInTheDocument();
  });

  it('says phones cannot open a link to this computer alone, and how to fix it', () => {
    renderEventModal();
    expect(screen.getByText('Phones cannot open this address')).toBeInTheDocument();
    expect(
      screen.getByText(/PUBLIC_URL=http:\/\/192\.168\.1\.20:3000 npm start/),
    ).toBeInTheDocument();
  });

  it('says nothing of the address when phones can open it', () => {
    renderWithProviders(
      <QrShareModal
        opened
        onClose={() => {}}
        title="Share Event"
        qrImagePath="/api/qr/events/ABC234.png"
        url="https://floorfill.example/e/ABC234"
        downloadFileName="floorfill-event-ABC234.png"
        eventCode="ABC234"
      />,
    );
    expect(screen.queryByText('Phones cannot open this address')).not.toBeInTheDocument();
  });
});
