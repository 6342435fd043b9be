import { Box, Typography } from '@mui/material';
import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import { TextLink } from '@/components/RouterLinks/RouterLinks';

/** What an empty list shows, word for word as the product states it. */
export function ListEmptyState() {
  return (
    <Box sx={{ py: 8, px: 3, textAlign: 'center' }}>
      <BookmarkBorderIcon sx={{ fontSize: 40, color: 'text.disabled', mb: 1 }} />
      <Typography variant="body1">
        You haven’t save anything to this list. Start browsing{' '}
        <TextLink to="/investors" underline="hover" sx={{ fontWeight: 600 }}>
          Investors
        </TextLink>{' '}
        now.
      </Typography>
    </Box>
  );
}
