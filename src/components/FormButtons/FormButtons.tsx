import { Stack } from '@mui/material';
import { AppButton } from '../AppButton/AppButton';

export interface FormButtonsProps {
  /** The submit button's text. */
  submitLabel: string;
  /** Whether the form is submitting: the submit button spins. */
  submitting: boolean;
  onCancel: () => void;
}

/** A dialog form's footer: Cancel, then its submit button, at the end of the row. */
export function FormButtons({ submitLabel, submitting, onCancel }: FormButtonsProps) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', pt: 1 }}>
      <AppButton variant="secondary" onClick={onCancel}>
        Cancel
      </AppButton>
      <AppButton type="submit" loading={submitting}>
        {submitLabel}
      </AppButton>
    </Stack>
  );
}
