import { Box, Stack } from '@mui/material';
import { Form, Formik } from 'formik';
import { FormButtons } from '@/components/FormButtons/FormButtons';
import { FormAlert } from '@/components/FormAlert/FormAlert';
import { FormTextField } from '@/components/FormTextField/FormTextField';
import { CONTACT_LABELS as L } from '@/shared/contacts';
import { FINANCING_TYPES, FIRM_TYPES, GEOGRAPHIES, INDUSTRIES, STAGES } from '@/shared/vocabularies';
import { ChangeRefusedError } from '@/features/offline';
import { apiErrorDetail } from '@/lib/api-client';
import { FormSelect } from '@/components/FormSelect/FormSelect';
import { contactSchema } from './contact-schema';
import type { ContactFormValues } from './contact-values';

export interface ContactFormProps {
  initialValues: ContactFormValues;
  submitLabel: string;
  /** Saves the values; a failure shows above the fields (the server's detail, else `errorFallback`). */
  onSubmit: (values: ContactFormValues) => Promise<void>;
  errorFallback: string;
  onCancel: () => void;
}

const TWO_COLUMNS = { display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/** A private contact's fields, checked on every change, each error beneath its field; Cancel beside the submit button. */
export function ContactForm({ initialValues, submitLabel, onSubmit, errorFallback, onCancel }: ContactFormProps) {
  return (
    <Formik
      initialValues={initialValues}
      validationSchema={contactSchema}
      validateOnChange
      onSubmit={async (values, form) => {
        form.setStatus(undefined);
        try {
          await onSubmit(values);
        } catch (error) {
          form.setStatus(error instanceof ChangeRefusedError ? error.message : (apiErrorDetail(error) ?? errorFallback));
        }
      }}
    >
      {({ status, isSubmitting }) => (
        <Form noValidate aria-label="Contact">
          <FormAlert message={status as string | undefined} />
          <Stack spacing={2.25}>
            <Box sx={TWO_COLUMNS}>
              <FormTextField name="first_name" label={L.first_name} autoComplete="off" required autoFocus />
              <FormTextField name="last_name" label={L.last_name} autoComplete="off" required />
              <FormTextField name="email" label={L.email} type="email" autoComplete="off" />
              <FormTextField name="phone" label={L.phone} type="tel" autoComplete="off" />
              <FormTextField name="contact_title" label={L.contact_title} autoComplete="off" />
              <FormTextField name="firm_name" label={L.firm_name} autoComplete="off" />
              <FormTextField name="office_website" label={L.office_website} autoComplete="off" />
              <FormSelect name="type_of_firm" label={L.type_of_firm} options={FIRM_TYPES} optional />
              <FormTextField name="city" label={L.city} autoComplete="off" />
              <FormTextField name="state" label={L.state} autoComplete="off" />
              <FormTextField name="country" label={L.country} autoComplete="off" />
            </Box>
            <FormSelect name="stage_preferences" label={L.stage_preferences} options={STAGES} multiple />
            <FormSelect name="industry_preferences" label={L.industry_preferences} options={INDUSTRIES} multiple />
            <FormSelect name="geographic_preferences" label={L.geographic_preferences} options={GEOGRAPHIES} multiple />
            <FormSelect name="type_of_financing" label={L.type_of_financing} options={FINANCING_TYPES} multiple />
            <Box sx={TWO_COLUMNS}>
              <FormTextField name="min_investment" label={L.min_investment} inputMode="numeric" placeholder="e.g. 250,000" />
              <FormTextField name="max_investment" label={L.max_investment} inputMode="numeric" placeholder="e.g. 1,000,000" />
            </Box>
            <FormButtons submitLabel={submitLabel} submitting={isSubmitting} onCancel={onCancel} />
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
