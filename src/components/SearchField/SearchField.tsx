import { useEffect, useState } from 'react';
import { IconButton, InputAdornment, OutlinedInput, type SxProps, type Theme } from '@mui/material';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';

export interface SearchFieldProps {
  /** The committed search text. */
  value: string;
  /** Called with the trimmed text once typing has paused for debounceMs (at once when cleared). */
  onCommit: (value: string) => void;
  debounceMs?: number;
  placeholder: string;
  label: string;
  sx?: SxProps<Theme>;
}

/** A search box that holds keystrokes locally and commits them debounced. */
export function SearchField({ value, onCommit, debounceMs = 0, placeholder, label, sx }: SearchFieldProps) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  const [sent, setSent] = useState(value);

  // The committed value changed. Unless it is our own commit arriving (while more may have been
  // typed), it came from outside (Back, a shared link): show it.
  if (value !== seen) {
    setSeen(value);
    if (value !== sent) {
      setSent(value);
      setText(value);
    }
  }

  const commit = (next: string) => {
    setSent(next);
    onCommit(next);
  };

  useEffect(() => {
    const next = text.trim();
    if (next === sent) return;
    const timer = setTimeout(() => {
      setSent(next);
      onCommit(next);
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [text, sent, onCommit, debounceMs]);

  return (
    <OutlinedInput
      size="small"
      type="search"
      placeholder={placeholder}
      value={text}
      onChange={(event) => setText(event.target.value)}
      // Chromium draws its own clear button in search inputs; ours is the one that commits at once.
      sx={[{ '& input::-webkit-search-cancel-button': { WebkitAppearance: 'none' } }, ...(Array.isArray(sx) ? sx : [sx])]}
      inputProps={{ 'aria-label': label }}
      startAdornment={
        <InputAdornment position="start">
          <SearchIcon fontSize="small" />
        </InputAdornment>
      }
      endAdornment={
        text ? (
          <InputAdornment position="end">
            <IconButton
              size="small"
              aria-label="Clear search"
              onClick={() => {
                setText('');
                commit('');
              }}
            >
              <ClearIcon fontSize="small" />
            </IconButton>
          </InputAdornment>
        ) : undefined
      }
    />
  );
}
