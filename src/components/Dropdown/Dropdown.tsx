import { useId, useMemo, useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  CircularProgress,
  ClickAwayListener,
  InputAdornment,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  OutlinedInput,
  Paper,
  Popper,
  Typography,
} from '@mui/material';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import SearchIcon from '@mui/icons-material/Search';
import type { OptionItem } from '@/shared/api-types';

export interface DropdownProps {
  label: string;
  /** Shown while nothing is selected, e.g. 'Any stage'. */
  placeholder: string;
  options: readonly OptionItem[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  loading?: boolean;
}

function summary(options: readonly OptionItem[], value: readonly string[], placeholder: string) {
  if (value.length === 0) return placeholder;
  const first = options.find((option) => option.value === value[0])?.label ?? value[0];
  return value.length === 1 ? first : `${first} +${value.length - 1}`;
}

/** A multi-select filter: toggles open, closes on an outside click or Escape, and has its own search. */
export function Dropdown({ label, placeholder, options, value, onChange, loading = false }: DropdownProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [search, setSearch] = useState('');
  const listId = useId();
  const open = anchor !== null;

  const close = ({ returnFocus = false } = {}) => {
    if (returnFocus) anchor?.focus();
    setAnchor(null);
    setSearch('');
  };

  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return needle ? options.filter((option) => option.label.toLowerCase().includes(needle)) : options;
  }, [options, search]);

  const toggle = (optionValue: string) =>
    onChange(value.includes(optionValue) ? value.filter((v) => v !== optionValue) : [...value, optionValue]);

  return (
    <ClickAwayListener onClickAway={() => open && close()}>
      <Box sx={{ minWidth: 0, flex: { xs: '1 1 calc(50% - 8px)', md: '1 1 0' }, maxWidth: { md: 260 } }}>
        <Typography component="div" variant="caption" sx={{ color: 'text.secondary', fontWeight: 600, mb: 0.5 }}>
          {label}
        </Typography>
        <Button
          fullWidth
          variant="outlined"
          color="inherit"
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-label={`${label}: ${summary(options, value, placeholder)}`}
          onClick={(event) => (open ? close() : setAnchor(event.currentTarget))}
          onKeyDown={(event) => event.key === 'Escape' && close({ returnFocus: true })}
          endIcon={
            <KeyboardArrowDownIcon
              sx={{ transition: 'transform 150ms', transform: open ? 'rotate(180deg)' : 'none' }}
            />
          }
          sx={{
            justifyContent: 'space-between',
            height: 40,
            px: 1.5,
            bgcolor: 'background.paper',
            borderColor: value.length > 0 ? 'primary.main' : 'divider',
            color: value.length > 0 ? 'text.primary' : 'text.secondary',
            fontWeight: value.length > 0 ? 600 : 400,
            textTransform: 'none',
          }}
        >
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {summary(options, value, placeholder)}
          </Box>
        </Button>
        <Popper
          open={open}
          anchorEl={anchor}
          placement="bottom-start"
          sx={{ zIndex: (theme) => theme.zIndex.modal }}
          modifiers={[{ name: 'offset', options: { offset: [0, 6] } }]}
        >
          <Paper
            elevation={8}
            onKeyDown={(event) => event.key === 'Escape' && close({ returnFocus: true })}
            sx={{ width: Math.max(anchor?.offsetWidth ?? 0, 260), border: 1, borderColor: 'divider' }}
          >
            <Box sx={{ p: 1 }}>
              <OutlinedInput
                autoFocus
                size="small"
                fullWidth
                placeholder="Search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                inputProps={{ 'aria-label': `Search ${label}` }}
                startAdornment={
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                }
              />
            </Box>
            <List
              id={listId}
              role="listbox"
              aria-multiselectable
              aria-label={label}
              dense
              sx={{ maxHeight: '35vh', overflowY: 'auto', py: 0 }}
            >
              {loading && (
                <Box sx={{ display: 'grid', placeItems: 'center', py: 2 }}>
                  <CircularProgress size={20} />
                </Box>
              )}
              {!loading && shown.length === 0 && (
                <Typography variant="body2" sx={{ color: 'text.secondary', px: 2, py: 1.5 }}>
                  No matches
                </Typography>
              )}
              {shown.map((option) => {
                const checked = value.includes(option.value);
                return (
                  <ListItemButton
                    key={option.value}
                    role="option"
                    aria-selected={checked}
                    onClick={() => toggle(option.value)}
                    sx={{ py: 0.25 }}
                  >
                    <ListItemIcon sx={{ minWidth: 36 }}>
                      <Checkbox edge="start" size="small" checked={checked} tabIndex={-1} disableRipple />
                    </ListItemIcon>
                    <ListItemText primary={option.label} />
                  </ListItemButton>
                );
              })}
            </List>
            {value.length > 0 && (
              <Box
                sx={{
                  display: 'flex',
                  justifyContent: 'space-between',
                  alignItems: 'center',
                  px: 2,
                  py: 0.5,
                  borderTop: 1,
                  borderColor: 'divider',
                }}
              >
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {value.length} selected
                </Typography>
                <Button size="small" onClick={() => onChange([])}>
                  Clear
                </Button>
              </Box>
            )}
          </Paper>
        </Popper>
      </Box>
    </ClickAwayListener>
  );
}
