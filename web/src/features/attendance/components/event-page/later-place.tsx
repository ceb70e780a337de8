import { Box } from '@mantine/core';

/**
 * Holds a screen's height where the page's second render will draw (below
 * the fold on a phone): the legal links under the page start off screen and
 * stay there, instead of jumping down when that render arrives (a layout
 * shift the phone would show).
 */
export function LaterPlace() {
  return <Box mih="100dvh" aria-hidden="true" />;
}
