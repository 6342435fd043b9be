import { memo, useCallback, useState, type ChangeEvent } from 'react';
import { IconButton, InputAdornment } from '@mui/material';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { useField, useFormikContext } from 'formik';
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
export function FormTextField({ name, ...props }: FormTextFieldProps) {
  const [field, meta] = useField<string>(name);
  // Formik's own callbacks keep their identity across renders, so the field below redraws only when its own
  // value, error or props change, not on every keystroke in another field of the form.
  const { setFieldTouched } = useFormikContext();
  const { onChange } = field;
  const touched = Boolean(meta.touched);
  const change = useCallback(
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      onChange(event);
      // Touched on the first keystroke, not only on blur: the rule shows while the user types.
      if (!touched) void setFieldTouched(name, true, false);
    },
    [onChange, touched, setFieldTouched, name],
  );
  return <TextFieldView {...props} name={name} value={field.value ?? ''} onChange={change} shownError={touched && meta.error ? meta.error : undefined} />;
}

type TextFieldViewProps = Omit<FormTextFieldProps, 'onChange'> & {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  shownError: string | undefined;
};

const TextFieldView = memo(function TextFieldView({ type, helperText, endAdornment, fullWidth = true, shownError, ...props }: TextFieldViewProps) {
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';

  return (
    <TextInput
      {...props}
      fullWidth={fullWidth}
      type={isPassword && revealed ? 'text' : type}
      error={Boolean(shownError)}
      helperText={shownError ?? helperText}
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
});
