// A formik `validate` that loads its yup schema on first use. yup is a tenth of what the log-in
// page would download; the first keystroke or submit is time enough to fetch it.
import { validateYupSchema, yupToFormErrors, type FormikErrors, type FormikValues } from 'formik';
import type { Schema, ValidationError } from 'yup';

export function lazyValidation<V extends FormikValues>(load: () => Promise<Schema>) {
  let schema: Promise<Schema> | null = null;
  return async (values: V): Promise<FormikErrors<V>> => {
    schema ??= load().catch((error: unknown) => {
      schema = null;
      throw error;
    });
    try {
      await validateYupSchema(values, await schema);
      return {};
    } catch (error) {
      if ((error as Error).name !== 'ValidationError') throw error;
      return yupToFormErrors<V>(error as ValidationError);
    }
  };
}
