import { Box, Card, Chip, InputAdornment, OutlinedInput, Skeleton, Stack, Typography } from '@mui/material';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import { AppButton } from '@/components/AppButton/AppButton';
import { PageTitle } from '@/components/PageTitle/PageTitle';
import { sampleDeal } from './sample-deal';

const PLACEHOLDER_CARDS = 5;

/** Deal Offers: static placeholder cards and an example deal; the search box does nothing yet. */
export function DealOffersPage() {
  return (
    <>
      <PageTitle title="Deal Offers" heading="Exclusive Offers" subtitle="Perks and discounts negotiated for Fundscape founders." />
      <Card
        sx={{
          p: { xs: 3, sm: 4 },
          mb: 4,
          border: 0,
          color: '#eef2ff',
          background: 'radial-gradient(120% 140% at 100% 0%, #6366f1 0%, #4b45e6 40%, #312e81 100%)',
        }}
      >
        <Typography component="p" sx={{ fontSize: { xs: '1.375rem', sm: '1.75rem' }, fontWeight: 650, letterSpacing: '-0.02em', color: '#ffffff' }}>
          Over $3m+ of discounts from over 120 companies
        </Typography>
        <Typography sx={{ mt: 1, mb: 3, color: '#c7d2fe', maxWidth: 560 }}>
          Save on the tools your startup already pays for — cloud, software, legal, banking and more.
        </Typography>
        <OutlinedInput
          placeholder="Search offers"
          fullWidth
          inputProps={{ 'aria-label': 'Search offers' }}
          sx={{ maxWidth: 420, bgcolor: '#ffffff' }}
          startAdornment={
            <InputAdornment position="start">
              <SearchRoundedIcon fontSize="small" />
            </InputAdornment>
          }
        />
      </Card>

      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' } }}>
        <Card component="article" aria-label={`Example offer: ${sampleDeal.company}`} sx={{ p: 3, display: 'flex', flexDirection: 'column' }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2.5 }}>
            <Box
              aria-hidden
              sx={{ width: 44, height: 44, borderRadius: 2, display: 'grid', placeItems: 'center', bgcolor: '#fff7ed', color: '#c2410c', fontWeight: 700 }}
            >
              {sampleDeal.initials}
            </Box>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="h5" component="h2">
                {sampleDeal.company}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {sampleDeal.category}
              </Typography>
            </Box>
            <Chip label="Example" size="small" sx={{ bgcolor: '#eef2ff', color: 'primary.dark', fontWeight: 600 }} />
          </Stack>
          <Typography sx={{ fontWeight: 600 }}>{sampleDeal.headline}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1, flex: 1 }}>
            {sampleDeal.details}
          </Typography>
          <Stack direction="row" sx={{ mt: 3, alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="body2" sx={{ color: 'success.dark', fontWeight: 600 }}>
              {sampleDeal.saving}
            </Typography>
            <AppButton variant="secondary" size="small">
              View deal
            </AppButton>
          </Stack>
        </Card>
        {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
          <Card key={index} aria-hidden sx={{ p: 3, bgcolor: 'grey.50', borderStyle: 'dashed' }}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2.5 }}>
              <Skeleton variant="rounded" width={44} height={44} animation={false} />
              <Box sx={{ flex: 1 }}>
                <Skeleton width="55%" animation={false} />
                <Skeleton width="35%" animation={false} />
              </Box>
            </Stack>
            <Skeleton width="80%" animation={false} />
            <Skeleton width="95%" animation={false} />
            <Skeleton width="60%" animation={false} />
            <Typography variant="caption" sx={{ display: 'block', mt: 2.5 }}>
              More offers coming soon
            </Typography>
          </Card>
        ))}
      </Box>
    </>
  );
}
