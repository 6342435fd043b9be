import { Suspense, useState } from 'react';
import { Box, Button, Collapse, Skeleton } from '@mui/material';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { lazyComponent } from '@/features/offline';
import type { ActivityRow } from '../api/activity';
import type { ListKeys } from '../api/list-keys';

const ActivityList = lazyComponent(() => import('./ActivityList'));

/** The detail page's Activity of a row in one list: shown on demand, loaded when first opened. */
export function RowActivity({ listKeys, row }: { listKeys: ListKeys; row: ActivityRow }) {
  const [open, setOpen] = useState(false);
  return (
    <Box sx={{ mt: 1.5 }}>
      <Button
        size="small"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        sx={{ px: 0.5, textTransform: 'none', fontWeight: 650 }}
      >
        Activity
      </Button>
      <Collapse in={open} unmountOnExit>
        <Suspense fallback={<Skeleton height={48} />}>
          <ActivityList listKeys={listKeys} row={row} />
        </Suspense>
      </Collapse>
    </Box>
  );
}
