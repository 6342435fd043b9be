import { useState } from 'react';
import { IconButton, InputAdornment } from '@mui/material';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { useField } from 'formik';
import { TextInput, type TextInputProps } from '../TextInput/TextInput';

export type FormTextFieldProps = Omit<TextInputProps, 'name' | 'value' | 'error' | 'onChange' | 'onBlur'> & {
  name: string;
};

/**
 * A formik-bound text field. Its error shows from the first keystroke (forms validate on every
 * change) or after a submit, beneath the field and tied to it by aria-describedby. Merely
 * passing through an empty field shows nothing: the form would jump under the pointer.
 * Password fields get a show/hide toggle. A form's field takes its row's full width, in a stack or not.
 */
export function FormTextField({ name, type, helperText, endAdornment, fullWidth = true, ...props }: FormTextFieldProps) {
  const [field, meta, helpers] = useField<string>(name);
  const [revealed, setRevealed] = useState(false);
  const error = meta.touched && meta.error ? meta.error : undefined;
  const isPassword = type === 'password';

  return (
    <TextInput
      {...props}
      fullWidth={fullWidth}
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) => {
        field.onChange(event);
        // Touched on the first keystroke, not only on blur: the rule shows while the user types.
        if (!meta.touched) void helpers.setTouched(true, false);
      }}
      type={isPassword && revealed ? 'text' : type}
      error={Boolean(error)}
      helperText={error ?? helperText}
      endAdornment={
        isPassword ? (
          <InputAdornment position="end">
            <IconButton
              size="small"
              edge="end"
              aria-label={revealed ? 'Hide password' : 'Show password'}
              onClick={() => setRevealed((now) => !now)}
            >
              {revealed ? <VisibilityOffOutlinedIcon fontSize="small" /> : <VisibilityOutlinedIcon fontSize="small" />}
            </IconButton>
          </InputAdornment>
        ) : (
          endAdornment
        )
      }
    />
  );
}
