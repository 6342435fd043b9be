import { Link } from '@mui/material';
import { EMPTY, formatText, formatWebsite, isMissing, mailtoHref, websiteHref } from '@/lib/format';
import type { CellContext } from './table-column';

// The grid's cell clips and ellipsises its content; the links need no styles of their own.

/** An e-mail address as a mailto link, '-' when missing. */
export function EmailCell({ value, tabIndex }: { value: unknown } & CellContext) {
  if (isMissing(value)) return <>{EMPTY}</>;
  const email = formatText(value);
  return (
    <Link href={mailtoHref(email)} underline="hover" title={email} tabIndex={tabIndex}>
      {email}
    </Link>
  );
}

/** A website opening in a new tab, shown without its scheme; '-' when missing. */
export function WebsiteCell({ value, tabIndex }: { value: unknown } & CellContext) {
  const href = websiteHref(value);
  if (!href) return <>{EMPTY}</>;
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" underline="hover" title={href} tabIndex={tabIndex}>
      {formatWebsite(value)}
    </Link>
  );
}
