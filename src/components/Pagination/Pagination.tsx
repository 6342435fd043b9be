import { Box, Button, useMediaQuery, useTheme } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { paginationWindow } from './pagination-window';

export interface PaginationProps {
  /** 1-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
}

/** Previous / page numbers / Next (1 page at the edges, 3 around the current one, 1 on xs). */
export function Pagination({ page, pageCount, onPageChange }: PaginationProps) {
  const theme = useTheme();
  const extraSmall = useMediaQuery(theme.breakpoints.down('sm'));
  if (pageCount <= 1) return null;
  const items = paginationWindow(page, pageCount, { edges: 1, around: extraSmall ? 1 : 3 });

  return (
    <Box
      component="nav"
      aria-label="Pagination"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, py: 1.5, px: 2 }}
    >
      <Button
        variant="outlined"
        color="inherit"
        size="small"
        startIcon={<ArrowBackIcon fontSize="small" />}
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
        aria-label="Previous"
        sx={{ borderColor: 'divider', minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
      >
        {!extraSmall && 'Previous'}
      </Button>
      <Box component="ul" sx={{ display: 'flex', gap: 0.5, listStyle: 'none', m: 0, p: 0 }}>
        {items.map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <Button
                size="small"
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => onPageChange(item)}
                color="inherit"
                sx={{
                  minWidth: 36,
                  height: 36,
                  px: 1,
                  borderRadius: 1,
                  fontWeight: item === page ? 700 : 500,
                  bgcolor: item === page ? 'action.selected' : 'transparent',
                  color: item === page ? 'text.primary' : 'text.secondary',
                }}
              >
                {item}
              </Button>
            </li>
          ) : (
            <Box
              component="li"
              key={item}
              aria-hidden
              sx={{ minWidth: 28, height: 36, display: 'grid', placeItems: 'center', color: 'text.secondary' }}
            >
              …
            </Box>
          ),
        )}
      </Box>
      <Button
        variant="outlined"
        color="inherit"
        size="small"
        endIcon={<ArrowForwardIcon fontSize="small" />}
        disabled={page >= pageCount}
        onClick={() => onPageChange(page + 1)}
        aria-label="Next"
        sx={{ borderColor: 'divider', minWidth: 0, '& .MuiButton-endIcon': { ml: { xs: 0, sm: 1 } } }}
      >
        {!extraSmall && 'Next'}
      </Button>
    </Box>
  );
}
