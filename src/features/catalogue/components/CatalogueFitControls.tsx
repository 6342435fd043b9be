import { Alert, Box, Chip, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import { ButtonLink } from '@/components/RouterLinks/RouterLinks';
import { GOOD_FIT } from '@/shared/fit';
import { sortsByFit, type CatalogueSearch, type CatalogueSort } from '../catalogue-search';

export interface CatalogueFitControlsProps {
  search: CatalogueSearch;
  /** The founder has a startup profile the rows are scored by. */
  ranked: boolean;
  /** A profile edit waits in the outbox: the rows keep the old ranking until it lands. */
  pending: boolean;
  onSort: (sort: CatalogueSort) => void;
  onGoodFit: (minFit: number | undefined) => void;
}

/**
 * The order (best fit first, or the default order) and the Good fit filter; before the founder has a
 * profile, an invitation to describe the round instead.
 */
export function CatalogueFitControls({ search, ranked, pending, onSort, onGoodFit }: CatalogueFitControlsProps) {
  if (!ranked) return <FitInvitation />;
  const byFit = sortsByFit(search, ranked);
  const goodFit = search.min_fit !== undefined;
  return (
    <Box sx={{ mt: 2, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <Typography variant="body2" component="span" id="catalogue-order-label" sx={{ color: 'text.secondary', fontWeight: 600 }}>
        Order
      </Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={byFit ? 'fit' : 'default'}
        onChange={(_event, value: CatalogueSort | null) => value && onSort(value)}
        aria-labelledby="catalogue-order-label"
      >
        <ToggleButton value="fit">Best fit first</ToggleButton>
        <ToggleButton value="default">Default order</ToggleButton>
      </ToggleButtonGroup>
      <Chip
        label={`Good fit (${GOOD_FIT}+)`}
        icon={goodFit ? <CheckIcon /> : undefined}
        color={goodFit ? 'primary' : 'default'}
        variant={goodFit ? 'filled' : 'outlined'}
        onClick={() => onGoodFit(goodFit ? undefined : GOOD_FIT)}
        aria-pressed={goodFit}
        component="button"
      />
      {pending && (
        <Typography variant="body2" role="status" sx={{ color: 'warning.dark' }}>
          Your profile edit is waiting to be sent; the ranking updates once it lands.
        </Typography>
      )}
    </Box>
  );
}

/** Before the founder has a startup profile: an invitation to describe the round. */
export function FitInvitation() {
  return (
    <Alert
      severity="info"
      // On a phone the button goes under the message, in one line, rather than squeezed beside it.
      sx={{
        mt: 2,
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        '& .MuiAlert-message': { flex: { xs: '1 1 0', sm: '0 1 auto' } },
        '& .MuiAlert-action': { flexBasis: { xs: '100%', sm: 'auto' }, ml: { xs: 0, sm: 'auto' }, pl: { xs: 4.5, sm: 2 }, pt: 0, pb: { xs: 1, sm: 0 }, alignItems: 'center' },
      }}
      action={
        <ButtonLink to="/startup" size="small" variant="secondary" sx={{ whiteSpace: 'nowrap' }}>
          Set up your startup
        </ButtonLink>
      }
    >
      Tell us about your round to rank investors by fit
    </Alert>
  );
}
