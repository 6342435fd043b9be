import { Skeleton } from '@mui/material';

/** Where the capture address field comes, at its height (40 px): what is under it does not move when it arrives. */
export function CaptureAddressSkeleton() {
  return <Skeleton variant="rounded" height={40} role="progressbar" aria-label="Loading your capture address" />;
}
