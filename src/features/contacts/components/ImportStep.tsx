import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, LinearProgress, Typography } from '@mui/material';
import { AppButton } from '@/components/AppButton/AppButton';

export interface ImportStepProps {
  title: string;
  children: ReactNode;
  /** Back (Cancel on the first step); absent once there is no going back. */
  back?: { label?: string; onClick: () => void };
  /** The step's own buttons before its primary one (Undo import). */
  extra?: ReactNode;
  next?: { label: string; onClick: () => void; disabled?: boolean };
}

/**
 * One step of the import: its heading, which takes the focus when the step opens (a screen reader hears
 * where it is), its content and its buttons.
 */
export function ImportStep({ title, children, back, extra, next }: ImportStepProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minHeight: 0, flex: 1 }}>
      <Typography ref={heading} component="h3" variant="h6" tabIndex={-1} sx={{ fontWeight: 600, outline: 'none' }}>
        {title}
      </Typography>
      {/* The step scrolls within the dialog; its buttons stay below it, never over it. */}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, flex: 1, minHeight: 0, overflowY: 'auto', pt: 0.75 }}>{children}</Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1, pt: 1.5, borderTop: 1, borderColor: 'divider' }}>
        {back && (
          <AppButton variant="secondary" onClick={back.onClick} sx={{ mr: 'auto' }}>
            {back.label ?? 'Back'}
          </AppButton>
        )}
        {extra}
        {next && (
          <AppButton onClick={next.onClick} disabled={next.disabled}>
            {next.label}
          </AppButton>
        )}
      </Box>
    </Box>
  );
}

/** True once `pending` has lasted a second: quicker work shows no progress, slower work does. */
export function useSlow(pending: boolean): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setSlow(true), 1000);
    return () => {
      clearTimeout(timer);
      setSlow(false);
    };
  }, [pending]);
  return pending && slow;
}

/** What is under way, with a bar, once it has taken a second. */
export function SlowProgress({ pending, label }: { pending: boolean; label: string }) {
  const slow = useSlow(pending);
  if (!slow) return null;
  return (
    <Box role="status" sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="body2">{label}</Typography>
      <LinearProgress aria-label={label} />
    </Box>
  );
}
