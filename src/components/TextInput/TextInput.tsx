import { useId, type ReactNode } from 'react';
import { FormControl, FormHelperText, InputLabel, OutlinedInput, type OutlinedInputProps } from '@mui/material';

export type TextInputProps = Omit<OutlinedInputProps, 'label' | 'notched' | 'error'> & {
  label: ReactNode;
  helperText?: ReactNode;
  error?: boolean;
  /** Keep the label above the field even when empty (a date field shows its own placeholder). */
  shrinkLabel?: boolean;
};

/**
 * A labelled outlined text field: MUI's TextField without its select mode, which would bring
 * Select, Menu, Popover and Modal into every page with a form. The label is tied to the input, the
 * helper text to the input's aria-describedby, and `required` marks both the label and the input.
 */
export function TextInput({
  id,
  label,
  helperText,
  error = false,
  required = false,
  disabled,
  fullWidth,
  size,
  sx,
  shrinkLabel,
  ...inputProps
}: TextInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const helperId = helperText ? `${inputId}-helper-text` : undefined;
  return (
    <FormControl
      variant="outlined"
      error={error}
      required={required}
      disabled={disabled}
      fullWidth={fullWidth}
      size={size}
      sx={sx}
    >
      <InputLabel htmlFor={inputId} shrink={shrinkLabel || undefined}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...inputProps}
        id={inputId}
        notched={shrinkLabel || undefined}
        // The outline's notch is sized from this text, so it carries the asterisk the label shows.
        label={required ? <>{label}&thinsp;*</> : label}
        aria-describedby={helperId}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
