import { Link } from '@mui/material';
import { EMPTY, formatText, formatWebsite, isMissing, websiteHref } from '@/lib/format';

const linkSx = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** An e-mail address as a mailto link, '-' when missing. */
export function EmailCell({ value }: { value: unknown }) {
  if (isMissing(value)) return <>{EMPTY}</>;
  const email = formatText(value);
  return (
    <Link href={`mailto:${email}`} underline="hover" title={email} sx={linkSx}>
      {email}
    </Link>
  );
}

/** A website opening in a new tab, shown without its scheme; '-' when missing. */
export function WebsiteCell({ value }: { value: unknown }) {
  const href = websiteHref(value);
  if (!href) return <>{EMPTY}</>;
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" underline="hover" title={href} sx={linkSx}>
      {formatWebsite(value)}
    </Link>
  );
}
