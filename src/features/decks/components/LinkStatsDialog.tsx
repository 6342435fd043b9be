import { lazy, Suspense } from 'react';
import { Alert, Box, Skeleton, Stack, Typography } from '@mui/material';
import { Modal } from '@/components/Modal/Modal';
import { apiErrorDetail } from '@/lib/api-client';
import { formatReadTime } from '@/lib/deck-format';
import { formatTimeAgo } from '@/lib/format';
import type { DeckLink } from '@/shared/decks';
import { useDeckLinkStats } from '../api/deck-links';
import { linkTitle } from './link-text';

const PageTimeChart = lazy(() => import('./PageTimeChart'));

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>{label}</Typography>
      <Typography sx={{ fontSize: 20, fontWeight: 650 }}>{value}</Typography>
    </Box>
  );
}

/** A link's readers: visits, time, pages reached, the time per page as a chart, and each visit's pages in order. */
export function LinkStatsDialog({ link, onClose }: { link: DeckLink; onClose: () => void }) {
  const stats = useDeckLinkStats(link.id);
  return (
    <Modal open onClose={onClose} title={`${linkTitle(link)}: ${link.deck_name}`} width={720} fullScreenOnPhone>
      {stats.isPending ? (
        <Skeleton variant="rounded" height={280} aria-label="Loading the link's readers" />
      ) : stats.isError ? (
        <Alert severity="error">{apiErrorDetail(stats.error) ?? 'The readers could not be loaded.'}</Alert>
      ) : (
        <Stack spacing={3}>
          <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Figure label="Visits" value={String(stats.data.link.summary.visits)} />
            <Figure label="Time read" value={formatReadTime(stats.data.link.summary.total_ms)} />
            <Figure label="Pages reached" value={`${stats.data.link.summary.pages_reached} of ${stats.data.link.summary.page_count}`} />
            <Figure label="Last visit" value={stats.data.link.summary.last_visit_at ? formatTimeAgo(stats.data.link.summary.last_visit_at, undefined, { short: true }) : 'None yet'} />
          </Stack>
          {stats.data.visits.length === 0 ? (
            <Typography color="text.secondary">Nobody has opened this link yet.</Typography>
          ) : (
            <>
              <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
                <PageTimeChart pageMs={stats.data.page_ms} />
              </Suspense>
              <Box component="section" aria-labelledby={`visits-${link.id}`}>
                <Typography id={`visits-${link.id}`} component="h3" sx={{ fontWeight: 650, fontSize: 16, mb: 1 }}>
                  Visits
                </Typography>
                <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                  {stats.data.visits.map((visit) => (
                    <Box component="li" key={visit.started_at}>
                      <Typography sx={{ fontSize: 14, fontWeight: 600 }}>
                        <time dateTime={visit.started_at}>{new Date(visit.started_at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}</time>
                        {visit.email ? ` · ${visit.email}` : ''} · {formatReadTime(visit.total_ms)}
                      </Typography>
                      <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>
                        {visit.pages.map((page) => `p. ${page.page} (${formatReadTime(page.ms)})`).join(' → ')}
                      </Typography>
                    </Box>
                  ))}
                </Stack>
              </Box>
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}
