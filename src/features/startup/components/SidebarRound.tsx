import { Box } from '@mui/material';
import { useRound } from '../api/get-round';
import { RoundProgress } from './RoundProgress';

/** The round's progress at the top of the sidebar's lists, once the founder has a profile. */
export function SidebarRound() {
  const { data } = useRound();
  if (!data || data.target === null) return null;
  return (
    <Box sx={{ px: 1.5, pb: 1.5 }}>
      <RoundProgress round={data} compact />
    </Box>
  );
}
