import { Box, CircularProgress, Typography } from '@mui/material';
import { TextLink } from '@/components/RouterLinks/RouterLinks';
import type { RoundFigure } from '@/shared/round-summary';
import { useRoundRowsOfLists } from '../api/get-round-rows';
import { breakdownByList, figureOfTypeLabel, figureSearch, rowCount } from '../round-figures';
import { useRoundScope } from './round-scope';

/**
 * A figure of all her lists (of one investor type's rows, with `type`), by list: each list with rows behind it, a
 * link to that list filtered the same way.
 */
export function FigureBreakdown({ figure, type }: { figure: RoundFigure; type?: string }) {
  const { lists, coldDays, tz } = useRoundScope();
  const own = lists.filter((list) => list.own);
  const answers = useRoundRowsOfLists(
    own.map((list) => list.id),
    { figure, type, coldDays, tz },
  );
  const pending = answers.some((answer) => answer.isPending);
  const failed = answers.some((answer) => answer.isError);
  const shares = breakdownByList(
    own,
    answers.map((answer) => answer.data?.investor_ids.length),
  );
  return (
    <>
      <Typography component="h2" sx={{ fontWeight: 650, fontSize: 15, mb: 1 }}>
        {figureOfTypeLabel(figure, type)}, by list
      </Typography>
      {shares.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75 }}>
          {shares.map((share) => (
            <li key={share.id}>
              <TextLink to="/lists/$id" params={{ id: String(share.id) }} search={figureSearch(figure, coldDays, type)} underline="hover">
                {share.name}
              </TextLink>
              <Typography component="span" sx={{ color: 'text.secondary', fontSize: 14 }}>
                {' '}
                · {rowCount(share.count)}
              </Typography>
            </li>
          ))}
        </Box>
      )}
      {pending ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: shares.length > 0 ? 1 : 0 }}>
          <CircularProgress size={16} aria-hidden />
          <Typography sx={{ fontSize: 14 }}>Counting each list…</Typography>
        </Box>
      ) : failed ? (
        <Typography sx={{ fontSize: 14, mt: shares.length > 0 ? 1 : 0 }}>Some lists could not be counted{navigator.onLine ? '.' : ' offline.'}</Typography>
      ) : (
        shares.length === 0 && <Typography sx={{ fontSize: 14 }}>No list has rows here any more.</Typography>
      )}
    </>
  );
}
