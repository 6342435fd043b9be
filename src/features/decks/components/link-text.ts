// What a deck link is called, where it leads, and the mail that sends it.
import { deckViewerUrl, type DeckLink } from '@/shared/decks';

export const linkUrl = (link: Pick<DeckLink, 'token'>) => deckViewerUrl(window.location.origin, link.token);

export const linkTitle = (link: DeckLink) => link.name ?? link.row?.investor_name ?? 'Link';

/** "Open in mail": a ready text with the link, to the investor when their e-mail is known. */
export function mailHref(link: DeckLink): string {
  const to = link.email ? encodeURIComponent(link.email) : '';
  const greeting = link.row ? `Hi ${link.row.investor_name.split(' ')[0]},` : 'Hi,';
  const subject = `${link.deck_name}`;
  const body = `${greeting}\n\nHere is our deck: ${linkUrl(link)}\n\nLooking forward to hearing what you think.\n`;
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** The settings a link has, said short: "E-mail asked · Expires 12 Dec · Download · Watermark". */
export function linkSettingsText(link: DeckLink): string {
  const parts = [link.require_email ? 'E-mail asked' : 'Open to anyone with the link'];
  if (link.expires_at) parts.push(`Expires ${new Date(link.expires_at).toLocaleDateString(undefined, { day: 'numeric', month: 'short' })}`);
  if (link.allow_download) parts.push('Download');
  if (link.watermark) parts.push('Watermark');
  if (link.version_id !== null) parts.push(`Version ${link.shows_version}`);
  return parts.join(' · ');
}
