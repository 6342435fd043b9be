import { useState } from 'react';
import { Stack, TextField } from '@mui/material';
import { COLD_DAYS_MAX, COLD_DAYS_MIN } from '@/shared/round-summary';
import type { RoundList } from './round-scope';

export interface RoundControlsProps {
  listId: number | null;
  coldDays: number;
  lists: readonly RoundList[];
  onListChange: (listId: number | null) => void;
  onColdDaysChange: (days: number) => void;
}

const wholeDays = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : NaN);

/** Which lists are summed (all hers, or one she owns or shares) and after how many days untouched a row is going cold. */
export function RoundControls({ listId, coldDays, lists, onListChange, onColdDaysChange }: RoundControlsProps) {
  const [daysText, setDaysText] = useState(String(coldDays));
  const days = wholeDays(daysText);
  const valid = days >= COLD_DAYS_MIN && days <= COLD_DAYS_MAX;
  const own = lists.filter((list) => list.own);
  const shared = lists.filter((list) => !list.own);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }}>
      <TextField
        select
        label="Lists"
        size="small"
        value={listId === null ? '' : String(listId)}
        onChange={(event) => onListChange(event.target.value === '' ? null : Number(event.target.value))}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: { sm: 260 }, maxWidth: { sm: 360 } }}
      >
        <option value="">All your lists</option>
        <ListGroup label="Your lists" lists={own} />
        <ListGroup label="Shared with you" lists={shared} />
      </TextField>
      <TextField
        label="Going cold after (days)"
        size="small"
        type="number"
        value={daysText}
        onChange={(event) => {
          setDaysText(event.target.value);
          const next = wholeDays(event.target.value);
          if (next >= COLD_DAYS_MIN && next <= COLD_DAYS_MAX && next !== coldDays) onColdDaysChange(next);
        }}
        error={!valid}
        helperText={valid ? undefined : `A whole number of days from ${COLD_DAYS_MIN} to ${COLD_DAYS_MAX}`}
        slotProps={{ htmlInput: { min: COLD_DAYS_MIN, max: COLD_DAYS_MAX, step: 1, inputMode: 'numeric' } }}
        sx={{ width: { sm: 200 } }}
      />
    </Stack>
  );
}

/** The lists of one kind in the chooser, under their label; nothing when there are none. */
function ListGroup({ label, lists }: { label: string; lists: Array<{ id: number; name: string }> }) {
  if (lists.length === 0) return null;
  return (
    <optgroup label={label}>
      {lists.map((list) => (
        <option key={list.id} value={list.id}>
          {list.name}
        </option>
      ))}
    </optgroup>
  );
}
