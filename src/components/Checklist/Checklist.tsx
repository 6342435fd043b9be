import { useMemo, useState } from 'react';
import {
  Box,
  Checkbox,
  FormControlLabel,
  InputAdornment,
  Link,
  OutlinedInput,
  Radio,
  Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import type { OptionItem } from '@/shared/api-types';
import { CHECKLIST_INITIAL, CHECKLIST_STEP } from '@/shared/constants';

export interface ChecklistProps {
  title: string;
  options: readonly OptionItem[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** One value at most (radio buttons), e.g. Gender. */
  single?: boolean;
  loading?: boolean;
}

/**
 * A filter group: a search box when there are more than 5 options, the first 5 shown and
 * 'Show 10 more' per click, and a Clear link.
 */
export function Checklist({ title, options, value, onChange, single = false, loading = false }: ChecklistProps) {
  const [search, setSearch] = useState('');
  const [visible, setVisible] = useState(CHECKLIST_INITIAL);

  const matching = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return needle ? options.filter((option) => option.label.toLowerCase().includes(needle)) : options;
  }, [options, search]);

  const select = (optionValue: string) => {
    if (single) onChange(value.includes(optionValue) ? [] : [optionValue]);
    else onChange(value.includes(optionValue) ? value.filter((v) => v !== optionValue) : [...value, optionValue]);
  };

  const Control = single ? Radio : Checkbox;
  const titleId = `checklist-${title.replace(/\W+/g, '-').toLowerCase()}`;

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ py: 2, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', mb: 1 }}>
        <Typography id={titleId} variant="subtitle2" component="h3" sx={{ fontWeight: 600 }}>
          {title}
          {value.length > 0 && (
            <Typography component="span" variant="caption" sx={{ color: 'primary.main', ml: 1, fontWeight: 600 }}>
              {value.length} selected
            </Typography>
          )}
        </Typography>
        <Link
          component="button"
          type="button"
          variant="body2"
          underline="hover"
          disabled={value.length === 0}
          aria-label={`Clear ${title}`}
          onClick={() => onChange([])}
          sx={{ '&:disabled': { color: 'text.disabled', cursor: 'default', textDecoration: 'none' } }}
        >
          Clear
        </Link>
      </Box>
      {options.length > CHECKLIST_INITIAL && (
        <OutlinedInput
          size="small"
          fullWidth
          placeholder={`Search ${title.toLowerCase()}`}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setVisible(CHECKLIST_INITIAL);
          }}
          sx={{ mb: 1 }}
          inputProps={{ 'aria-label': `Search ${title}` }}
          startAdornment={
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          }
        />
      )}
      {loading && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Loading…
        </Typography>
      )}
      {!loading && matching.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {options.length === 0 ? 'No options' : 'No matches'}
        </Typography>
      )}
      <Box role={single ? 'radiogroup' : 'group'} aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: 'column' }}>
        {matching.slice(0, visible).map((option) => (
          <FormControlLabel
            key={option.value}
            label={option.label}
            control={
              <Control size="small" checked={value.includes(option.value)} onChange={() => select(option.value)} />
            }
            slotProps={{ typography: { variant: 'body2' } }}
            sx={{ mr: 0, ml: -0.75 }}
          />
        ))}
      </Box>
      {matching.length > visible && (
        <Link
          component="button"
          type="button"
          variant="body2"
          underline="hover"
          onClick={() => setVisible((count) => count + CHECKLIST_STEP)}
          sx={{ mt: 0.5, fontWeight: 600 }}
        >
          Show 10 more
        </Link>
      )}
    </Box>
  );
}
