import { MSG } from '@floorfill/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ContentLoader } from '@/components/ui/page-loader';
import { LandingNotice } from '@/features/room';
import { errorMessageOf, isRefused, isWaitingForNetwork } from '@/lib/api-client';

/** What a landing calls the thing it opens, in its notices. */
export interface LandingWords {
  /** "The event will show here…" */
  offline: string;
  /** The loader's label: "Loading the event". */
  loading: string;
  /** A link or code that names nothing. */
  unknown: { title: string; text: string };
}

/**
 * What a landing shows until it has what its link names: offline (the app
 * came from the service worker), loading (with the device check's caption),
 * a refusal (it says how long to wait: not "something went wrong") or an
 * error, or a link that names nothing. Null once the landing can draw it.
 */
export function landingState(
  lookup: UseQueryResult<{ kind: string }>,
  checking: boolean,
  words: LandingWords,
): ReactNode | null {
  // The call waits for the connection, or found none: either way the page shows once back online.
  if (isWaitingForNetwork(lookup) && !lookup.data) {
    return <LandingNotice title="You are offline" text={words.offline} />;
  }
  if (lookup.isPending) {
    return <ContentLoader label={words.loading} caption={checking ? MSG.checkingDevice : null} />;
  }
  if (lookup.isError) {
    const title = isRefused(lookup.error) ? 'Wait before you try again' : 'Something went wrong';
    return <LandingNotice title={title} text={errorMessageOf(lookup.error)} />;
  }
  if (lookup.data.kind === 'unknown') {
    return <LandingNotice title={words.unknown.title} text={words.unknown.text} />;
  }
  return null;
}
