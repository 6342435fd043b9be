import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { useFormikContext } from 'formik';
import { AppButton } from '../AppButton/AppButton';

export interface FormSubmitProps {
  children: ReactNode;
  /** Disabled until a field differs from where the form started. */
  needsChange?: boolean;
}

/** A settings form's submit button, at the end of its row, spinning while the form submits. */
export function FormSubmit({ children, needsChange = false }: FormSubmitProps) {
  const { isSubmitting, dirty } = useFormikContext();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
      <AppButton type="submit" loading={isSubmitting} disabled={needsChange && !dirty}>
        {children}
      </AppButton>
    </Box>
  );
}
