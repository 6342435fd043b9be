import { useState, type ReactNode } from 'react';
import { Box, Collapse, List, ListItem, ListItemButton, ListItemText, Skeleton, Typography } from '@mui/material';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';

export interface SidebarSectionProps {
  /** The heading, which also names the section's navigation landmark. */
  title: string;
  /** Placeholders shown while the rows load. */
  loadingRows?: number;
  isPending: boolean;
  /** Said in place of the rows when they could not be loaded. */
  error?: string;
  /** Shown first when the section is open, above the rows. */
  top?: ReactNode;
  /** The rows: ListItems. */
  children?: ReactNode;
  /** Shown under the rows (a button, a hint). */
  footer?: ReactNode;
}

/** A collapsible section of the sidebar: its heading toggles a scrolling list of links. */
export function SidebarSection({ title, loadingRows = 1, isPending, error, top, children, footer }: SidebarSectionProps) {
  const [open, setOpen] = useState(true);
  return (
    <Box component="nav" aria-label={title}>
      <ListItemButton onClick={() => setOpen((value) => !value)} aria-expanded={open} sx={{ borderRadius: 1, px: 1.5, py: 0.75 }}>
        <ListItemText
          primary={title}
          slotProps={{ primary: { variant: 'overline', sx: { fontWeight: 700, letterSpacing: 1, lineHeight: 1.5 } } }}
        />
        {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
      </ListItemButton>
      <Collapse in={open} timeout="auto">
        {top}
        <List dense disablePadding sx={{ maxHeight: '40vh', overflowY: 'auto' }}>
          {isPending &&
            Array.from({ length: loadingRows }, (_, index) => (
              <ListItem key={index} disablePadding>
                <Skeleton height={32} sx={{ mx: 1.5, flex: 1 }} />
              </ListItem>
            ))}
          {error && (
            <ListItem disablePadding>
              <Typography variant="caption" color="error" sx={{ px: 1.5, display: 'block' }}>
                {error}
              </Typography>
            </ListItem>
          )}
          {children}
        </List>
        {footer}
      </Collapse>
    </Box>
  );
}
