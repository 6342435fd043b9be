import { Alert } from '@mui/material';

/** A form-level error (the server's `detail`), shown above the form and announced to screen readers. */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert severity="error" role="alert" variant="outlined" sx={{ mb: 2.5, bgcolor: '#fef2f2', borderColor: '#fecaca', color: '#991b1b' }}>
      {message}
    </Alert>
  );
}
