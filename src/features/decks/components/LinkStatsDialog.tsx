import { lazy, Suspense } from 'react';
import { Box, Skeleton, Stack, Typography } from '@mui/material';
import { Modal } from '@/components/Modal/Modal';
import { QueryView } from '@/components/QueryView/QueryView';
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
      <QueryView
        query={stats}
        loading={<Skeleton variant="rounded" height={280} role="progressbar" aria-label="Loading the link's readers" />}
        failed="The readers could not be loaded."
      >
        {(read) => (
          <Stack spacing={3}>
            <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Figure label="Visits" value={String(read.link.summary.visits)} />
              <Figure label="Time read" value={formatReadTime(read.link.summary.total_ms)} />
              <Figure label="Pages reached" value={`${read.link.summary.pages_reached} of ${read.link.summary.page_count}`} />
              <Figure label="Last visit" value={read.link.summary.last_visit_at ? formatTimeAgo(read.link.summary.last_visit_at, undefined, { short: true }) : 'None yet'} />
            </Stack>
            {read.visits.length === 0 ? (
              <Typography color="text.secondary">Nobody has opened this link yet.</Typography>
            ) : (
              <>
                <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
                  <PageTimeChart pageMs={read.page_ms} />
                </Suspense>
                <Box component="section" aria-labelledby={`visits-${link.id}`}>
                  <Typography id={`visits-${link.id}`} component="h3" sx={{ fontWeight: 650, fontSize: 16, mb: 1 }}>
                    Visits
                  </Typography>
                  <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                    {read.visits.map((visit) => (
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
      </QueryView>
    </Modal>
  );
}
