import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Box } from '@mui/material';
import { alpha } from '@mui/material/styles';

export interface OtpInputProps {
  /** One entry per box, '' when empty. */
  value: string[];
  onChange: (value: string[]) => void;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Ties the boxes to an error message, for screen readers. */
  describedBy?: string;
}

const visibleChars = (text: string) => Array.from(text.replace(/\s+/g, ''));

/**
 * The verification code as one box per character: typing fills a box and moves on, a
 * pasted code fills every box, Backspace on an empty box clears the one before and moves back.
 */
export function OtpInput({ value, onChange, disabled, autoFocus, describedBy }: OtpInputProps) {
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const length = value.length;
  const focus = (index: number) => boxes.current[Math.max(0, Math.min(length - 1, index))]?.focus();

  /** Writes chars from box `start` on; returns the index after the last one written. */
  const fill = (start: number, chars: string[]) => {
    const next = [...value];
    const written = chars.slice(0, length - start);
    written.forEach((char, offset) => {
      next[start + offset] = char;
    });
    onChange(next);
    return start + written.length;
  };

  const handleInput = (index: number, text: string) => {
    const chars = visibleChars(text);
    if (chars.length === 0) {
      onChange(value.map((char, i) => (i === index ? '' : char)));
      return;
    }
    // A box that already held a character receives old and new together: keep the new one.
    const old = value[index];
    const typed = chars.length === 2 && old !== '' ? [chars[0] === old ? chars[1] : chars[0]] : chars;
    focus(fill(index, typed));
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const chars = visibleChars(event.clipboardData.getData('text'));
    if (chars.length === 0) return;
    // The whole code pasted anywhere fills every box; a fragment fills from the focused box.
    focus(fill(chars.length >= length ? 0 : index, chars));
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && value[index] === '' && index > 0) {
      event.preventDefault();
      onChange(value.map((char, i) => (i === index - 1 ? '' : char)));
      focus(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focus(index + 1);
    }
  };

  return (
    <Box role="group" aria-label="Verification code" sx={{ display: 'flex', gap: { xs: 1, sm: 1.5 }, justifyContent: 'space-between' }}>
      {value.map((char, index) => (
        <Box
          key={index}
          component="input"
          ref={(element: HTMLInputElement | null) => {
            boxes.current[index] = element;
          }}
          value={char}
          disabled={disabled}
          autoFocus={autoFocus && index === 0}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`Character ${index + 1} of ${length}`}
          aria-describedby={describedBy}
          onChange={(event) => handleInput(index, event.target.value)}
          onPaste={(event: ClipboardEvent<HTMLInputElement>) => handlePaste(index, event)}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => handleKeyDown(index, event)}
          onFocus={(event) => event.target.select()}
          sx={(theme) => ({
            width: { xs: 44, sm: 52 },
            height: { xs: 52, sm: 60 },
            minWidth: 0,
            flex: '0 1 auto',
            textAlign: 'center',
            fontSize: '1.5rem',
            fontWeight: 600,
            fontFamily: theme.typography.fontFamily,
            color: theme.palette.text.primary,
            border: `1px solid ${char ? theme.palette.grey[400] : theme.palette.grey[300]}`,
            borderRadius: '10px',
            backgroundColor: theme.palette.background.paper,
            outline: 'none',
            transition: 'border-color 120ms, box-shadow 120ms',
            '&:focus': {
              borderColor: theme.palette.primary.main,
              boxShadow: `0 0 0 3px ${alpha(theme.palette.primary.main, 0.15)}`,
            },
            '&:disabled': { backgroundColor: theme.palette.grey[100] },
          })}
        />
      ))}
    </Box>
  );
}
