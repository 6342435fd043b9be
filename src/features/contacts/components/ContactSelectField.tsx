import { Box, Chip, MenuItem, TextField } from '@mui/material';
import { useField } from 'formik';

export interface ContactSelectFieldProps {
  name: string;
  label: string;
  options: readonly string[];
  multiple?: boolean;
}

/** A formik-bound select of a vocabulary; with `multiple` the chosen values show as chips, else one may choose none. */
export function ContactSelectField({ name, label, options, multiple = false }: ContactSelectFieldProps) {
  const [field, meta, helpers] = useField<string | string[]>(name);
  const error = meta.touched && meta.error ? String(meta.error) : undefined;
  return (
    <TextField
      select
      fullWidth
      label={label}
      name={field.name}
      value={field.value ?? (multiple ? [] : '')}
      error={Boolean(error)}
      helperText={error}
      onChange={(event) => {
        const value = event.target.value as string | string[];
        void helpers.setTouched(true, false);
        void helpers.setValue(multiple && typeof value === 'string' ? value.split(',') : value, true);
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
      {!multiple && (
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
