import { Stack, TextField } from '@mui/material';
import { Form, Formik, useField, type FormikHelpers } from 'formik';
import { FormButtons } from '@/components/FormButtons/FormButtons';
import { FormAlert } from '@/components/FormAlert/FormAlert';
import { FormTextField } from '@/components/FormTextField/FormTextField';
import { labelledOptions } from '@/components/FormSelect/labelled-options';
import { SAVED_SEARCH_ALERT_LABELS, SAVED_SEARCH_ALERTS, type SavedSearchAlert } from '@/shared/saved-searches';
import { ChangeRefusedError } from '@/features/offline';
import { NAME_REFUSALS, savedSearchSchema, type SavedSearchValues } from './saved-search-schema';

export interface SavedSearchFormProps {
  initialValues: SavedSearchValues;
  /** Whether the form offers the alert (saving does; renaming does not). */
  withAlert: boolean;
  /** What a mail of this search lists, in the alert's helper text ('investors'). */
  noun?: string;
  submitLabel: string;
  /** Saves; a ChangeRefusedError it throws is shown under the name or above the form. */
  onSubmit: (values: SavedSearchValues) => Promise<void>;
  onCancel: () => void;
}

function AlertSelect({ noun }: { noun: string }) {
  const [field, , helpers] = useField<SavedSearchAlert>('alert');
  return (
    <TextField
      select
      fullWidth
      label="Alert"
      name={field.name}
      value={field.value}
      onChange={(event) => void helpers.setValue(event.target.value as SavedSearchAlert)}
      helperText={`A mail listing the new ${noun} that match, at most one a day.`}
    >
      {labelledOptions(SAVED_SEARCH_ALERTS, SAVED_SEARCH_ALERT_LABELS)}
    </TextField>
  );
}

/** A saved search's name (and alert): checked as you type, a refusal from the server shown in place. */
export function SavedSearchForm({ initialValues, withAlert, noun = 'rows', submitLabel, onSubmit, onCancel }: SavedSearchFormProps) {
  const submit = async (values: SavedSearchValues, form: FormikHelpers<SavedSearchValues>) => {
    form.setStatus(undefined);
    try {
      await onSubmit({ ...values, name: values.name.trim() });
    } catch (error) {
      const detail = error instanceof ChangeRefusedError ? error.message : 'The search could not be saved. Please try again.';
      if (NAME_REFUSALS.includes(detail)) form.setFieldError('name', detail);
      else form.setStatus(detail);
    }
  };
  return (
    <Formik initialValues={initialValues} validationSchema={savedSearchSchema} validateOnChange onSubmit={submit}>
      {({ isSubmitting, status }) => (
        <Form noValidate aria-label={submitLabel}>
          <FormAlert message={status as string | undefined} />
          <Stack spacing={2.5}>
            <FormTextField name="name" label="Name" required autoFocus placeholder="e.g. Seed fintech in Europe" />
            {withAlert && <AlertSelect noun={noun} />}
            <FormButtons submitLabel={submitLabel} submitting={isSubmitting} onCancel={onCancel} />
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
