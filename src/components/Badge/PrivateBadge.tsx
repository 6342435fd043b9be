import { styled } from '@mui/material/styles';

const Chip = styled('span')(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  flexShrink: 0,
  marginLeft: 6,
  padding: '0 6px',
  borderRadius: 4,
  border: `1px solid ${theme.palette.divider}`,
  fontSize: 11,
  fontWeight: 600,
  lineHeight: '16px',
  letterSpacing: 0.2,
  color: theme.palette.text.secondary,
  verticalAlign: 'middle',
  whiteSpace: 'nowrap',
}));

/** Beside a private contact's name: an investor its owner added, seen only by them and the members of its lists. */
export function PrivateBadge() {
  return <Chip title="A private contact: only its owner and the members of lists holding it see it">Private</Chip>;
}
