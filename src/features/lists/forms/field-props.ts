import type { ChangeEvent } from 'react';
import type { FormikProps } from 'formik';

/**
 * The props that bind a TextInput to one of a list form's text fields. Forms validate
 * on every change, so an edited field is touched at once and shows its error while the user types.
 */
export function listFieldProps<Values extends object>(formik: FormikProps<Values>, name: keyof Values & string) {
  return {
    name,
    value: formik.values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      void formik.setFieldTouched(name, true, false);
      formik.handleChange(event);
    },
    onBlur: formik.handleBlur,
    error: Boolean(formik.touched[name] && formik.errors[name]),
    helperText: formik.touched[name] ? (formik.errors[name] as string | undefined) : undefined,
    fullWidth: true,
  };
}
