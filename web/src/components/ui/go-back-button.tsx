import { EVENT_PAGE_WORDS } from '@floorfill/shared';
import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';

/** React Router numbers this tab's entries in `history.state.idx`; 0 is where the app was opened. */
function canGoBack(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && Number(state.idx) > 0;
}

/**
 * Back to the previous screen, or to `fallbackHref` when this screen was the
 * first one opened (a shared link, a QR code) and Back would leave the app.
 */
export function GoBackButton({ fallbackHref }: { fallbackHref: string }) {
  const navigate = useNavigate();
  const goBack = () => {
    if (canGoBack()) navigate(-1);
    else navigate(fallbackHref);
  };
  return (
    <Button
      variant="subtle"
      leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
      onClick={goBack}
      px="xs"
    >
      {EVENT_PAGE_WORDS.goBack}
    </Button>
  );
}
