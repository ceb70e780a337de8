import { Text } from '@mantine/core';
import { PageFrame } from '@/components/ui/page-frame';
import { displayNameOf, useSessionStore } from '@/features/auth/stores/session-store';

/** The dashboards' greeting; the next issues put the cards, calendar and carousel beneath it. */
export function Welcome({ title, children }: { title: string; children: string }) {
  const user = useSessionStore((state) => state.user);
  return (
    <PageFrame title={title}>
      <Text fz="xl" fw={600}>
        Welcome, {displayNameOf(user)}
      </Text>
      <Text c="dimmed">{children}</Text>
    </PageFrame>
  );
}
