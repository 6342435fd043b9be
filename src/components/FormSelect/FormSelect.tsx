import { Chip, Box, MenuItem, TextField } from '@mui/material';
import { memo, useCallback } from 'react';
import { useField, useFormikContext } from 'formik';

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
export function FormSelect({ name, multiple = false, ...props }: FormSelectProps) {
  const [field, meta] = useField<string | string[]>(name);
  // Formik's own callbacks keep their identity across renders, so the select below (every option an element)
  // redraws only when its own value, error or props change, not on every keystroke in another field of the form.
  const { setFieldValue, setFieldTouched } = useFormikContext();
  const change = useCallback(
    (value: string | string[]) => {
      void setFieldValue(name, multiple && typeof value === 'string' ? value.split(',') : value, true);
      void setFieldTouched(name, true, false);
    },
    [setFieldValue, setFieldTouched, name, multiple],
  );
  const blur = useCallback(() => void setFieldTouched(name, true), [setFieldTouched, name]);
  return (
    <SelectView
      {...props}
      name={name}
      multiple={multiple}
      value={field.value ?? (multiple ? [] : '')}
      shownError={meta.touched && meta.error ? String(meta.error) : undefined}
      onChange={change}
      onBlur={blur}
    />
  );
}

type SelectViewProps = Omit<FormSelectProps, 'multiple'> & {
  multiple: boolean;
  value: string | string[];
  shownError: string | undefined;
  onChange: (value: string | string[]) => void;
  onBlur: () => void;
};

const SelectView = memo(function SelectView({
  name,
  label,
  options,
  multiple,
  required,
  helperText,
  optional = false,
  value,
  shownError,
  onChange,
  onBlur,
}: SelectViewProps) {
  return (
    <TextField
      select
      fullWidth
      label={label}
      name={name}
      value={value}
      required={required}
      error={Boolean(shownError)}
      helperText={shownError ?? helperText}
      onChange={(event) => onChange(event.target.value as string | string[])}
      onBlur={onBlur}
      slotProps={{
        select: {
          multiple,
          renderValue: multiple
            ? (selected) => (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                  {(selected as string[]).map((chosen) => (
                    <Chip key={chosen} label={chosen} size="small" />
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
});
