import { forwardRef } from 'react';
import { Button, type ButtonProps } from '@mui/material';
import { alpha } from '@mui/material/styles';

/** The four button styles: primary, secondary, transparent and delete. */
export type AppButtonVariant = 'primary' | 'secondary' | 'transparent' | 'delete';

export type AppButtonProps = Omit<ButtonProps, 'variant' | 'color'> & {
  variant?: AppButtonVariant;
};

const muiLook: Record<AppButtonVariant, Pick<ButtonProps, 'variant' | 'color'>> = {
  primary: { variant: 'contained', color: 'primary' },
  secondary: { variant: 'outlined', color: 'secondary' },
  transparent: { variant: 'text', color: 'secondary' },
  delete: { variant: 'contained', color: 'error' },
};

export const AppButton = forwardRef<HTMLButtonElement, AppButtonProps>(function AppButton(
  { variant = 'primary', sx, ...props },
  ref,
) {
  return (
    <Button
      ref={ref}
      {...muiLook[variant]}
      {...props}
      sx={[
        (theme) => ({
          ...(variant === 'secondary' && {
            backgroundColor: theme.palette.background.paper,
            borderColor: theme.palette.grey[300],
            color: theme.palette.grey[800],
            boxShadow: '0 1px 2px rgba(17, 24, 39, 0.05)',
            '&:hover': { backgroundColor: theme.palette.grey[50], borderColor: theme.palette.grey[400] },
          }),
          ...(variant === 'transparent' && {
            color: theme.palette.grey[700],
            '&:hover': { backgroundColor: alpha(theme.palette.grey[900], 0.05) },
          }),
          ...(variant === 'primary' && {
            boxShadow: `0 1px 2px ${alpha(theme.palette.primary.dark, 0.3)}`,
          }),
        }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
});
