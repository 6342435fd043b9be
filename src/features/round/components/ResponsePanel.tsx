import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { RoundResponseGroup, RoundSummary } from '@/shared/round-summary';
import { formatDays, formatShare } from '../round-format';
import { FigureLink } from './FigureLink';
import { compactCells, Panel, PanelEmpty, Stats, type PanelOrder } from './Panel';

const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** Which rows a group's figures open: its list's, or its investor type's. */
const groupScope = (group: RoundResponseGroup) => (group.list_id === null ? { ofType: group.label } : { ofList: group.list_id });

function GroupTable({ caption, heading, groups }: { caption: string; heading: string; groups: readonly RoundResponseGroup[] }) {
  return (
    <Box sx={{ overflowX: 'auto', mt: 2 }}>
      <Table size="small" aria-label={caption} sx={compactCells}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{heading}</TableCell>
            <TableCell scope="col" align="right">
              Contacted
            </TableCell>
            <TableCell scope="col" align="right">
              Answered
            </TableCell>
            <TableCell scope="col" align="right" sx={wideOnly}>
              Median
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {groups.map((group) => (
            <TableRow key={`${group.list_id ?? ''}:${group.label}`}>
              <TableCell component="th" scope="row" sx={{ minWidth: 96, overflowWrap: 'break-word' }}>
                {group.label}
                {/* A phone has no room for a fourth column: the median goes under the label. */}
                <Box component="span" sx={{ display: { xs: 'block', sm: 'none' }, fontSize: 12, color: 'text.secondary' }}>
                  median {formatDays(group.median_days)}
                </Box>
              </TableCell>
              {/* A list's figures open its rows; a type's, the rows of investors of that type (by list with all lists). */}
              <TableCell align="right">
                <FigureLink figure="contacted" count={group.contacted} {...groupScope(group)} />
              </TableCell>
              <TableCell align="right">
                <FigureLink figure="answered" count={group.answered} {...groupScope(group)} />
              </TableCell>
              <TableCell align="right" sx={wideOnly}>
                {formatDays(group.median_days)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** Of the rows contacted, how many answered and how soon (the median), by list and by investor type. */
export function ResponsePanel({ summary, order }: { summary: RoundSummary } & PanelOrder) {
  const { contacted, answered, median_days, by_list, by_type } = summary.response;
  return (
    <Panel title="Response" order={order}>
      <Stats
        items={[
          { label: 'Contacted', value: <FigureLink figure="contacted" count={contacted} /> },
          { label: 'Answered', value: <FigureLink figure="answered" count={answered} /> },
          { label: 'Answer rate', value: formatShare(contacted === 0 ? null : answered / contacted) },
          { label: 'Median to an answer', value: formatDays(median_days) },
        ]}
      />
      {contacted === 0 ? (
        <PanelEmpty>
          Nobody contacted yet. Move a row to Contacted when you write to an investor, or log the mail from its row: answers are counted
          from there.
        </PanelEmpty>
      ) : (
        <>
          {by_list.length > 1 && <GroupTable caption="Response by list" heading="List" groups={by_list} />}
          {by_type.length > 0 && <GroupTable caption="Response by investor type" heading="Investor type" groups={by_type} />}
          <Typography sx={{ fontSize: 13, color: 'text.secondary', mt: 1 }}>
            An answer is a reply captured, a stage past Contacted, or a touch logged as an answer.
          </Typography>
        </>
      )}
    </Panel>
  );
}
