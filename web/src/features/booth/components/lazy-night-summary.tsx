import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';

const NightSummary = lazy(async () => ({
  default: (await import('./night-summary')).NightSummary,
}));

/** The night summary, fetched as its own chunk (it brings the chart library) when first shown. */
export function LazyNightSummary(props: { eventId: number; timeZone: string }) {
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Loading the night summary" />}>
      <NightSummary {...props} />
    </Suspense>
  );
}
