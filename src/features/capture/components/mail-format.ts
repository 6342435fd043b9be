import type { InboxMail, MailParty } from '@/shared/capture';

const DAY_MS = 24 * 60 * 60 * 1000;

/** "Jane Doe <jane@acme.vc>", or the address alone. */
export const partyText = (party: MailParty) => (party.name ? `${party.name} <${party.address}>` : party.address);

/** Who the mail was with: "To …" for one she sent, "From …" for one she received and forwarded. */
export function mailWho(mail: InboxMail): string {
  const people = mail.participants.map(partyText).join(', ') || 'nobody named';
  return `${mail.direction === 'sent' ? 'To' : 'From'} ${people}`;
}

export function formatMailDate(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** "Expires in 3 days", "Expires in 1 day", "Expires today". */
export function expiresText(expiresAt: string, now = Date.now()): string {
  const days = Math.ceil((Date.parse(expiresAt) - now) / DAY_MS);
  if (days <= 0) return 'Expires today';
  return `Expires in ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** A participant's name split for a new contact: first word, the rest. */
export function splitName(name: string): { first_name: string; last_name: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { first_name: first, last_name: rest.join(' ') };
}
