import { Stack, type MantineSpacing } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

interface PlainListProps {
  /** A numbered list (`ol`), for an order that means something: a queue, a ranking. */
  ordered?: boolean;
  gap?: MantineSpacing;
  style?: CSSProperties;
  children: ReactNode;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-busy'?: boolean;
}

/** A list drawn as a column of cards or rows: no bullets, no indent, a gap between items. */
export function PlainList({
  ordered = false,
  gap = 'xs',
  style,
  children,
  ...aria
}: PlainListProps) {
  return (
    <Stack
      component={ordered ? 'ol' : 'ul'}
      gap={gap}
      p={0}
      m={0}
      style={{ listStyle: 'none', ...style }}
      {...aria}
    >
      {children}
    </Stack>
  );
}
