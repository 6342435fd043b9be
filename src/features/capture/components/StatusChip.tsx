import { Chip } from '@mui/material';

/** Soft background, strong text: readable at chip size (the theme's outlined success and warning chips are not). */
const TONES = {
  success: { bgcolor: '#ECFDF3', color: '#027A48' },
  warning: { bgcolor: '#FFFAEB', color: '#B54708' },
  neutral: { bgcolor: '#F2F4F7', color: '#344054' },
} as const;

/** A small status label: an address verified or waiting, a match exact or likely. */
export function StatusChip({ label, tone }: { label: string; tone: keyof typeof TONES }) {
  return <Chip size="small" label={label} sx={{ ...TONES[tone], fontWeight: 550 }} />;
}
