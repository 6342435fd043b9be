import { InputAdornment, Stack } from '@mui/material';
import { Form, Formik, type FormikHelpers } from 'formik';
import { FormSubmit } from '@/components/FormSubmit/FormSubmit';
import { FormAlert } from '@/components/FormAlert/FormAlert';
import { FormTextField } from '@/components/FormTextField/FormTextField';
import { lazyValidation } from '@/lib/lazy-validation';
import { showToast } from '@/lib/toasts';
import { type CompleteStartupProfile, STARTUP_RULES, type StartupProfile } from '@/shared/fit';
import { FINANCING_TYPES, GEOGRAPHIES, INDUSTRIES, STAGES } from '@/shared/vocabularies';
import { ChangeRefusedError } from '@/features/offline';
import { useSaveStartup } from '../api/save-startup';
import type { StartupFormValues } from '../forms/startup-schema';
import { FormSelect } from '@/components/FormSelect/FormSelect';

const validate = lazyValidation<StartupFormValues>(() => import('../forms/startup-schema').then((schemas) => schemas.startupSchema));

const FIELDS: readonly (keyof StartupFormValues)[] = [
  'name',
  'pitch',
  'stage',
  'industries',
  'geography',
  'financing_type',
  'raise_amount',
  'close_on',
];

function formValues(profile: StartupProfile | undefined): StartupFormValues {
  return {
    name: profile?.name ?? '',
    pitch: profile?.pitch ?? '',
    stage: profile?.stage ?? '',
    industries: profile?.industries ?? [],
    geography: profile?.geography ?? '',
    financing_type: profile?.financing_type ?? '',
    raise_amount: profile?.raise_amount === null || profile?.raise_amount === undefined ? '' : profile.raise_amount.toLocaleString('en-US'),
    close_on: profile?.close_on ?? '',
  };
}

function profileOf(values: StartupFormValues): CompleteStartupProfile {
  return {
    name: values.name.trim(),
    pitch: values.pitch.trim() || null,
    stage: values.stage,
    industries: values.industries,
    geography: values.geography,
    financing_type: values.financing_type,
    raise_amount: Number(values.raise_amount.replace(/,/g, '')),
    close_on: values.close_on,
  };
}

/** The field a server detail names ("body 'raise_amount' must be …"), if it is one of the form's. */
function fieldOf(detail: string): keyof StartupFormValues | undefined {
  const named = /'([a-z_]+)(?:[.'])/.exec(detail)?.[1];
  return FIELDS.find((field) => field === named);
}

/** The startup profile: every field checked as you type, a refusal from the server shown under its field. */
export function StartupForm({ profile }: { profile: StartupProfile | undefined }) {
  const save = useSaveStartup();

  const onSubmit = async (values: StartupFormValues, form: FormikHelpers<StartupFormValues>) => {
    form.setStatus(undefined);
    try {
      const outcome = await save.mutateAsync(profileOf(values));
      if (outcome === 'synced') showToast('Your startup profile is saved; investors are ranked by it.', { variant: 'success' });
      else showToast('Saved on this device; it will be sent when you are back online.', { variant: 'info' });
    } catch (error) {
      const detail = error instanceof ChangeRefusedError ? error.message : 'Your startup profile could not be saved.';
      const field = fieldOf(detail);
      if (field) form.setFieldError(field, detail);
      else form.setStatus(detail);
    }
  };

  return (
    <Formik initialValues={formValues(profile)} enableReinitialize validate={validate} validateOnChange onSubmit={onSubmit}>
      {({ status }) => (
        <Form noValidate aria-label="Your startup">
          <FormAlert message={status as string | undefined} />
          <Stack spacing={2.25}>
            <FormTextField name="name" label="Company name" autoComplete="organization" required />
            <FormTextField
              name="pitch"
              label="One-line pitch"
              helperText={`Optional, up to ${STARTUP_RULES.pitchMaxLength} characters.`}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.25}>
              <FormSelect name="stage" label="Stage you raise at" options={STAGES} required />
              <FormSelect name="financing_type" label="Financing type" options={FINANCING_TYPES} required />
            </Stack>
            <FormSelect name="industries" label="Industries" options={INDUSTRIES} multiple required helperText="One or more." />
            <FormSelect name="geography" label="Where you are" options={GEOGRAPHIES} required />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.25}>
              <FormTextField
                name="raise_amount"
                label="Amount raised (USD)"
                inputMode="numeric"
                required
                startAdornment={<InputAdornment position="start">$</InputAdornment>}
                helperText="Whole dollars, e.g. 2,500,000."
              />
              <FormTextField
                name="close_on"
                label="Target close date"
                type="date"
                required
                shrinkLabel
              />
            </Stack>
            <FormSubmit>Save profile</FormSubmit>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
