import { Box, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { Outlet } from '@tanstack/react-router';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import { Logo } from '@/components/Logo/Logo';

const points = [
  'Search investors and funds by stage, industry, geography and check size.',
  'Open a full profile for every investor and fund in one click.',
  'Keep named lists of the ones worth a pitch — even offline.',
];

/** The frame of the logged-out screens: a brand panel on wide screens, the form on the right. */
export function GuestLayout() {
  // Only what the screen shows is rendered: a phone does not build the hidden brand panel.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'), { noSsr: true });
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', lg: 'minmax(420px, 5fr) 7fr' },
        bgcolor: 'background.paper',
      }}
    >
      {wide && <BrandPanel />}
      <Box
        component="main"
        sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', px: { xs: 2.5, sm: 4 }, py: { xs: 4, sm: 6 } }}
      >
        <Box sx={{ width: '100%', maxWidth: 420, display: { xs: 'block', lg: 'none' }, mb: { xs: 4, sm: 7 } }}>
          <Logo />
        </Box>
        <Box sx={{ width: '100%', maxWidth: 420, my: { xs: 0, sm: 'auto' } }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}

/** The wide screens' panel beside the form: what Fundscape is for. */
function BrandPanel() {
  return (
    <Box
      component="aside"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        p: 6,
        color: '#e0e7ff',
        background: 'radial-gradient(120% 80% at 0% 0%, #4f46e5 0%, #3730a3 45%, #1e1b4b 100%)',
        position: 'relative',
        overflow: 'hidden',
      }}
    >
      <Logo inverted />
      <Box sx={{ maxWidth: 440 }}>
        <Typography component="p" sx={{ color: '#ffffff', fontSize: '2rem', fontWeight: 650, lineHeight: 1.2, letterSpacing: '-0.02em' }}>
          Raise from investors who actually fit.
        </Typography>
        <Stack spacing={1.75} sx={{ mt: 4 }}>
          {points.map((point) => (
            <Stack key={point} direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
              <CheckCircleRoundedIcon sx={{ fontSize: 20, color: '#a5b4fc', mt: '2px' }} />
              <Typography sx={{ color: '#e0e7ff' }}>{point}</Typography>
            </Stack>
          ))}
        </Stack>
      </Box>
      <Typography variant="caption" sx={{ color: '#a5b4fc' }}>
        Built for founders raising their next round.
      </Typography>
    </Box>
  );
}
