import { Box, CircularProgress, Typography } from '@mui/material';
import { TextLink } from '@/components/RouterLinks/RouterLinks';
import type { RoundFigure } from '@/shared/round-summary';
import { useRoundFigureByList } from '../api/get-round-rows';
import { breakdownByList, figureOfTypeLabel, figureSearch, rowCount } from '../round-figures';
import { useRoundScope } from './round-scope';

/**
 * A figure of all her lists (of one investor type's rows, with `type`), by list: each list with rows behind it, a
 * link to that list filtered the same way.
 */
export function FigureBreakdown({ figure, type }: { figure: RoundFigure; type?: string }) {
  const { coldDays, tz } = useRoundScope();
  const answer = useRoundFigureByList({ figure, type, coldDays, tz });
  const byList = answer.data?.by_list ?? [];
  const pending = answer.isPending;
  const failed = answer.isError;
  const shares = breakdownByList(
    byList.map((list) => ({ id: list.list_id, name: list.list_name })),
    byList.map((list) => list.count),
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
        <Typography sx={{ fontSize: 14, mt: shares.length > 0 ? 1 : 0 }}>The lists could not be counted{navigator.onLine ? '.' : ' offline.'}</Typography>
      ) : (
        shares.length === 0 && <Typography sx={{ fontSize: 14 }}>No list has rows here any more.</Typography>
      )}
    </>
  );
}
