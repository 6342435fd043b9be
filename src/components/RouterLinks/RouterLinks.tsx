// MUI's link (wrapped: createLink needs a plain component) and our button wired to TanStack Router: type-checked `to`, client-side navigation,
// preloading on intent, and a real <a href> for the keyboard, screen readers and middle-click.
import { forwardRef } from 'react';
import { Link as MuiLink, type LinkProps as MuiLinkProps } from '@mui/material';
import { createLink } from '@tanstack/react-router';
import { AppButton } from '@/components/AppButton/AppButton';

const AnchorLink = forwardRef<HTMLAnchorElement, MuiLinkProps>(function AnchorLink(props, ref) {
  return <MuiLink ref={ref} {...props} />;
});

/** An inline text link to a route. */
export const TextLink = createLink(AnchorLink);

/** A route link that looks like an AppButton (primary, secondary, transparent or delete). */
export const ButtonLink = createLink(AppButton);
