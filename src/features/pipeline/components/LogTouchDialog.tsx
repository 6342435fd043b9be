import { useState } from 'react';
import { Checkbox, FormControlLabel, Stack, TextField } from '@mui/material';
import { Form, Formik } from 'formik';
import { AppButton } from '@/components/AppButton/AppButton';
import { FormAlert } from '@/components/FormAlert/FormAlert';
import { labelledOptions } from '@/components/FormSelect/labelled-options';
import { FormTextField } from '@/components/FormTextField/FormTextField';
import { Modal } from '@/components/Modal/Modal';
import { ChangeRefusedError } from '@/features/offline';
import { showToast } from '@/lib/toasts';
import { HAND_TOUCH_KINDS, TOUCH_KIND_LABELS, type TouchKind } from '@/shared/capture';
import { useLogTouch } from '../api/log-touch';
import type { RowRef } from '../api/pipeline-outbox';
import { touchInputOf, touchSchema, touchValues, type TouchValues } from '../forms/touch-schema';

export interface LogTouchDialogProps {
  /** The row the touch is logged on; its names say whose and where. */
  row: RowRef & { names: { row?: string; list: string } };
  onClose: () => void;
}

const FORM_ID = 'log-touch-form';

/** Log a touch: a call, meeting, message or mail, when it happened, a note, and whether they answered. */
export default function LogTouchDialog({ row, onClose }: LogTouchDialogProps) {
  const logTouch = useLogTouch();
  const [error, setError] = useState<string>();
  const { row: name, list } = row.names;
  return (
    <Formik<TouchValues>
      initialValues={touchValues()}
      validationSchema={touchSchema}
      validateOnChange
      onSubmit={async (values) => {
        setError(undefined);
        const touch = touchInputOf(values);
        const what = TOUCH_KIND_LABELS[touch.kind];
        try {
          const outcome = await logTouch.mutateAsync({ row, touch });
          onClose();
          const where = name ? `with ${name}` : `in ${list}`;
          if (outcome === 'synced') showToast(`${what} logged ${where}`, { variant: 'success' });
          else showToast(`${what} ${where} is logged once you are back online`, { variant: 'info' });
        } catch (failure) {
          setError(failure instanceof ChangeRefusedError ? failure.message : 'The touch could not be logged. Please try again.');
        }
      }}
    >
      {(formik) => (
        <Modal
          open
          onClose={onClose}
          title="Log a touch"
          description={name ? `With ${name}, in ${list}` : `In ${list}`}
          actions={
            <>
              <AppButton variant="secondary" onClick={onClose}>
                Cancel
              </AppButton>
              <AppButton variant="primary" type="submit" form={FORM_ID} loading={formik.isSubmitting}>
                Log touch
              </AppButton>
            </>
          }
        >
          <Form id={FORM_ID} noValidate aria-label="Log a touch">
            <FormAlert message={error} />
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              <TextField
                select
                name="kind"
                label="Kind"
                value={formik.values.kind}
                onChange={(event) => {
                  const kind = event.target.value as TouchKind;
                  void formik.setFieldValue('kind', kind);
                  // A reply received is their answer; the box can still be cleared.
                  if (kind === 'email_received') void formik.setFieldValue('answered', true);
                }}
              >
                {labelledOptions(HAND_TOUCH_KINDS, TOUCH_KIND_LABELS)}
              </TextField>
              <FormTextField name="happenedAt" type="datetime-local" label="When" shrinkLabel />
              <FormTextField name="note" label="Note" multiline minRows={3} helperText="The list's members see it; you can stop sharing it." />
              <FormControlLabel
                control={<Checkbox name="answered" checked={formik.values.answered} onChange={formik.handleChange} />}
                label="They answered"
              />
            </Stack>
          </Form>
        </Modal>
      )}
    </Formik>
  );
}
