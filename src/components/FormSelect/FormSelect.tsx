import { Chip, Box, MenuItem, TextField } from '@mui/material';
import { useField } from 'formik';

export interface FormSelectProps {
  name: string;
  label: string;
  options: readonly string[];
  multiple?: boolean;
  required?: boolean;
  helperText?: string;
  /** A single choice that may be left empty: the first option is "None" (the empty string). */
  optional?: boolean;
}

/** A formik-bound select of a vocabulary; with `multiple`, the chosen values show as chips. */
export function FormSelect({ name, label, options, multiple = false, required, helperText, optional = false }: FormSelectProps) {
  const [field, meta, helpers] = useField<string | string[]>(name);
  const error = meta.touched && meta.error ? String(meta.error) : undefined;
  return (
    <TextField
      select
      fullWidth
      label={label}
      name={field.name}
      value={field.value ?? (multiple ? [] : '')}
      required={required}
      error={Boolean(error)}
      helperText={error ?? helperText}
      onChange={(event) => {
        const value = event.target.value as string | string[];
        void helpers.setValue(multiple && typeof value === 'string' ? value.split(',') : value, true);
        void helpers.setTouched(true, false);
      }}
      onBlur={() => void helpers.setTouched(true)}
      slotProps={{
        select: {
          multiple,
          renderValue: multiple
            ? (selected) => (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                  {(selected as string[]).map((value) => (
                    <Chip key={value} label={value} size="small" />
                  ))}
                </Box>
              )
            : undefined,
          MenuProps: { slotProps: { paper: { sx: { maxHeight: '35vh' } } } },
        },
      }}
    >
      {optional && !multiple && (
        <MenuItem value="">
          <em>None</em>
        </MenuItem>
      )}
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {option}
        </MenuItem>
      ))}
    </TextField>
  );
}
