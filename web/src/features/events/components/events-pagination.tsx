import { Group, Pagination } from '@mantine/core';
import type { CSSProperties } from 'react';

/** What Mantine hands an edge control's icon. */
interface EdgeLabelProps {
  style?: CSSProperties;
  className?: string;
}

function PreviousLabel({ style, className }: EdgeLabelProps) {
  return (
    <span className={className} style={{ ...style, paddingInline: 10, fontSize: 14 }}>
      Previous
    </span>
  );
}

function NextLabel({ style, className }: EdgeLabelProps) {
  return (
    <span className={className} style={{ ...style, paddingInline: 10, fontSize: 14 }}>
      Next
    </span>
  );
}

interface EventsPaginationProps {
  page: number;
  total: number;
  onChange: (page: number) => void;
}

/** Spec §2: Previous, numbered pages, Next. */
export function EventsPagination({ page, total, onChange }: EventsPaginationProps) {
  return (
    <Pagination.Root
      total={total}
      value={page}
      onChange={onChange}
      siblings={1}
      boundaries={1}
      getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
    >
      <Group gap={6} justify="center" component="nav" aria-label="Pages">
        <Pagination.Previous icon={PreviousLabel} />
        <Pagination.Items />
        <Pagination.Next icon={NextLabel} />
      </Group>
    </Pagination.Root>
  );
}
