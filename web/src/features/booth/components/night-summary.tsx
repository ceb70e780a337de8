import '@mantine/charts/styles.css';
import { formatMoney, type NightSummary as NightSummaryData } from '@floorfill/shared';
import { BarChart } from '@mantine/charts';
import { Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessageOf } from '@/lib/api-client';
import { boothKeys } from '../api/booth-keys';
import { useNightSummary } from '../api/get-night-summary';
import { NightBoosts } from './night-boosts';
import { SummaryFigure } from './summary-figure';
import { formatClock } from '@/lib/clock';

function Summary({
  eventId,
  summary,
  timeZone,
}: {
  eventId: number;
  summary: NightSummaryData;
  timeZone: string;
}) {
  const queryClient = useQueryClient();
  const bars = summary.per_10_minutes.map((bucket) => ({
    time: formatClock(bucket.start, timeZone),
    Requests: bucket.count,
  }));
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
        <SummaryFigure
          label="Songs played"
          value={String(summary.songs_played + summary.played_not_requested)}
          note={
            summary.played_not_requested > 0
              ? `${summary.played_not_requested} not requested`
              : undefined
          }
        />
        <SummaryFigure label="Requests received" value={String(summary.requests_received)} />
        <SummaryFigure label="Unique requesters" value={String(summary.unique_requesters)} />
        <SummaryFigure
          label="Peak per 10 minutes"
          value={summary.peak ? String(summary.peak.count) : '–'}
          note={summary.peak ? `from ${formatClock(summary.peak.start, timeZone)}` : undefined}
        />
        <SummaryFigure
          label="Tips received"
          value={formatMoney(summary.tips.total_cents, summary.tips.currency)}
          note={`${summary.tips.count} ${summary.tips.count === 1 ? 'tip' : 'tips'}`}
        />
      </SimpleGrid>
      {bars.length > 0 ? (
        <div role="img" aria-label="Requests per 10 minutes over the night">
          <BarChart
            h={180}
            data={bars}
            dataKey="time"
            series={[{ name: 'Requests', color: 'brand.7' }]}
          />
        </div>
      ) : null}
      {summary.top_requested.length > 0 ? (
        <Table aria-label="Top requested songs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>Song</Table.Th>
              <Table.Th ta="end">Requests</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {summary.top_requested.map((song, index) => (
              <Table.Tr key={song.song_id}>
                <Table.Td>{index + 1}</Table.Td>
                <Table.Td>
                  {song.song_name}
                  {song.song_artist ? ` — ${song.song_artist}` : ''}
                </Table.Td>
                <Table.Td ta="end">{song.request_count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      <NightBoosts
        eventId={eventId}
        totals={summary.boosts}
        onRefunded={() =>
          void queryClient.invalidateQueries({ queryKey: boothKeys.nightSummary(eventId) })
        }
      />
    </Stack>
  );
}

/**
 * What the host takes home once the event has ended: the figures of the
 * night, requests per 10 minutes as a bar chart, the 10 most requested songs,
 * and the night's boosts with what they brought.
 * Its own chunk: the chart library loads only here.
 */
export function NightSummary({ eventId, timeZone }: { eventId: number; timeZone: string }) {
  const summary = useNightSummary(eventId);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="night-summary-title">
      <Group mb="md">
        <Title order={2} fz="lg" id="night-summary-title">
          Night summary
        </Title>
      </Group>
      {summary.isPending ? <Loader size="sm" aria-label="Loading the night summary" /> : null}
      {summary.isError ? <Text c="red">{errorMessageOf(summary.error)}</Text> : null}
      {summary.data ? (
        <Summary eventId={eventId} summary={summary.data} timeZone={timeZone} />
      ) : null}
    </Paper>
  );
}
