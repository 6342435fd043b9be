import { Typography } from '@mui/material';
import { formatReadTime } from '@/lib/deck-format';
import type { RoundEngagedRow, RoundSummary } from '@/shared/round-summary';
import { rowCount } from '../round-figures';
import { FigureLink } from './FigureLink';
import { Panel, PanelEmpty, type PanelOrder } from './Panel';
import { RoundRowList } from './RoundRowList';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What an investor did this week: "4 min read · 2 replies · 1 meeting". */
export function engagement(row: Pick<RoundEngagedRow, 'deck_ms' | 'replies' | 'meetings'>): string {
  return [
    row.deck_ms > 0 ? `${formatReadTime(row.deck_ms)} read` : null,
    row.replies > 0 ? plural(row.replies, 'reply', 'replies') : null,
    row.meetings > 0 ? plural(row.meetings, 'meeting', 'meetings') : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The investors whose deck time, replies and meetings are highest this week. */
export function EngagedPanel({ summary, order }: { summary: RoundSummary } & PanelOrder) {
  const { engaged } = summary;
  return (
    <Panel title="Engaged this week" order={order}>
      {engaged.total === 0 ? (
        <PanelEmpty>
          Nobody read your deck, replied or met you in the last 7 days. Share your deck from an investor&apos;s row on a list to see who reads it.
        </PanelEmpty>
      ) : (
        <>
          <Typography sx={{ fontSize: 14, mb: 1 }}>
            <FigureLink figure="engaged" count={engaged.total} text={rowCount(engaged.total)} sx={{ fontWeight: 700 }} />, most engaged first
          </Typography>
          <RoundRowList figure="engaged" rows={engaged.rows} fact={engagement} label="Engaged this week" />
        </>
      )}
    </Panel>
  );
}
