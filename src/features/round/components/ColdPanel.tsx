import { Typography } from '@mui/material';
import type { RoundSummary } from '@/shared/round-summary';
import { rowCount } from '../round-figures';
import { dayLabel, formatDays } from '../round-format';
import { FigureLink } from './FigureLink';
import { Panel, PanelEmpty, type PanelOrder } from './Panel';
import { RoundRowList } from './RoundRowList';

/** A count and, when the panel lists fewer rows than there are, how many it shows. */
function Count({ figure, total, shown }: { figure: 'cold' | 'overdue'; total: number; shown: number }) {
  return (
    <Typography sx={{ fontSize: 14, mb: 1 }}>
      <FigureLink figure={figure} count={total} text={rowCount(total)} sx={{ fontWeight: 700 }} />
      {shown < total && ` (the ${shown} oldest shown)`}
    </Typography>
  );
}

/** Rows in an active stage untouched for `cold_days`, oldest first; and the follow-ups overdue. */
export function ColdPanel({ summary, order }: { summary: RoundSummary } & PanelOrder) {
  const { cold, overdue, cold_days } = summary;
  return (
    <Panel title="Going cold" order={order}>
      {cold.total === 0 ? (
        <PanelEmpty>
          Nobody is going cold: every investor at Contacted, Meeting or Term sheet was touched in the last {formatDays(cold_days)}.
        </PanelEmpty>
      ) : (
        <>
          <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>No mail, note, stage change or deck visit for {formatDays(cold_days)} or more:</Typography>
          <Count figure="cold" total={cold.total} shown={cold.rows.length} />
          <RoundRowList figure="cold" rows={cold.rows} fact={(row) => `${formatDays(row.days)}`} label="Going cold, oldest first" />
        </>
      )}
      <Typography component="h3" sx={{ fontSize: 15, fontWeight: 650, mt: 2.5, mb: 0.5 }}>
        Follow-ups overdue
      </Typography>
      {overdue.total === 0 ? (
        <PanelEmpty>No follow-up overdue. Set one on a row to be reminded on the day.</PanelEmpty>
      ) : (
        <>
          <Count figure="overdue" total={overdue.total} shown={overdue.rows.length} />
          <RoundRowList
            figure="overdue"
            rows={overdue.rows}
            fact={(row) => (
              <span title={dayLabel(row.follow_up_on)}>
                {formatDays(row.days)} late
              </span>
            )}
            label="Follow-ups overdue"
          />
        </>
      )}
    </Panel>
  );
}
