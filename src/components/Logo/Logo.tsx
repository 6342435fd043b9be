import { useId } from 'react';
import { Box, Typography } from '@mui/material';
import { PRODUCT_NAME } from '@/shared/constants';

/** The Fundscape mark (the app icon's rising bars) and word mark; `inverted` for dark backgrounds. */
export function Logo({ inverted = false, size = 28 }: { inverted?: boolean; size?: number }) {
  const gradientId = useId();
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25 }}>
      <Box component="svg" viewBox="0 0 512 512" aria-hidden sx={{ width: size, height: size, flexShrink: 0 }}>
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#5B5BF7" />
            <stop offset="1" stopColor="#3A2FC9" />
          </linearGradient>
        </defs>
        <rect width="512" height="512" rx="112" fill={inverted ? 'rgba(255,255,255,0.14)' : `url(#${gradientId})`} />
        <rect x="96" y="300" width="80" height="116" rx="20" fill="#FFFFFF" opacity="0.5" />
        <rect x="216" y="236" width="80" height="180" rx="20" fill="#FFFFFF" opacity="0.75" />
        <rect x="336" y="164" width="80" height="252" rx="20" fill="#FFFFFF" />
        <circle cx="136" cy="236" r="26" fill="#FFD27A" />
      </Box>
      <Typography
        component="span"
        sx={{ fontWeight: 700, fontSize: size * 0.64, letterSpacing: '-0.02em', color: inverted ? '#ffffff' : 'text.primary' }}
      >
        {PRODUCT_NAME}
      </Typography>
    </Box>
  );
}
