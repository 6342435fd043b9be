// "NAME opened your deck": mailed to the deck's owner when a visit of one of its links begins, at most once per link
// per DECK_LIMITS.openedMailEveryMs, however many instances count its beacons (claimed in the database first).
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { DECK_LIMITS } from '../../../shared/decks.js';
import { PRODUCT_NAME } from '../../../shared/constants.js';
import type { Db } from '../../db/client.js';
import { deckLinks, decks, investorRows, users } from '../../db/schema.js';
import type { Mail, Mailer } from '../../mail/mailer.js';
import { escapeHtml, greeting } from '../../mail/templates.js';

/** What the mail says, read in the beacon's transaction once its claim is won. */
export interface DeckOpened {
  linkId: number;
  /** When the link was mailed for before: given back if this mail cannot be sent. */
  mailedBefore: Date | null;
  to: { email: string; first_name: string };
  deckName: string;
  /** The row's investor, or null for a general link. */
  investorName: string | null;
  linkName: string | null;
  listId: number | null;
  /** The e-mail the reader gave at the gate, if any. */
  readerEmail: string | null;
}

/**
 * Claims the link's mail for now: false when it was mailed within the hour (by any instance). The claim commits with
 * the beacon; the mail goes after (sendDeckOpened).
 */
export async function claimDeckOpened(tx: Db, linkId: number, now: Date): Promise<boolean> {
  const claimed = await tx
    .update(deckLinks)
    .set({ opened_mailed_at: now })
    .where(and(eq(deckLinks.id, linkId), or(isNull(deckLinks.opened_mailed_at), lte(deckLinks.opened_mailed_at, new Date(now.getTime() - DECK_LIMITS.openedMailEveryMs)))))
    .returning({ id: deckLinks.id });
  return claimed.length > 0;
}

/** Who and what the mail names. */
export async function deckOpenedFacts(tx: Db, linkId: number, mailedBefore: Date | null, readerEmail: string | null): Promise<DeckOpened> {
  const [row] = await tx
    .select({
      email: users.email,
      first_name: users.first_name,
      deck_name: decks.name,
      link_name: deckLinks.name,
      list_id: deckLinks.list_id,
      investor_first: investorRows.first_name,
      investor_last: investorRows.last_name,
    })
    .from(deckLinks)
    .innerJoin(decks, eq(decks.id, deckLinks.deck_id))
    .innerJoin(users, eq(users.id, decks.user_id))
    .leftJoin(investorRows, eq(investorRows.id, deckLinks.investor_id))
    .where(eq(deckLinks.id, linkId));
  const investorName = row.list_id !== null && row.investor_first !== null ? `${row.investor_first} ${row.investor_last ?? ''}`.trim() : null;
  return {
    linkId,
    mailedBefore,
    to: { email: row.email, first_name: row.first_name },
    deckName: row.deck_name,
    investorName,
    linkName: row.link_name,
    listId: investorName === null ? null : row.list_id,
    readerEmail,
  };
}

/**
 * The mail, in the morning mail's style. Its subject names the investor of a row's link (her own list's words) and
 * never the link or what a reader typed; a general link's reader is named in the body, escaped.
 */
export function deckOpenedMail(appUrl: string, opened: DeckOpened): Mail {
  const who = opened.investorName ?? 'Someone';
  const through = opened.investorName === null && opened.linkName ? ` through your link "${opened.linkName}"` : '';
  const reader = opened.readerEmail ? ` (${opened.readerEmail})` : '';
  const href = `${appUrl.replace(/\/$/, '')}${opened.listId === null ? '/decks' : `/lists/${opened.listId}`}`;
  const lines = [
    greeting(opened.to.first_name),
    `${who}${reader} opened your deck "${opened.deckName}"${through}. You will see each page's time in ${PRODUCT_NAME} as they read.`,
  ];
  const after = `You get this mail at most once an hour for each link.`;
  return {
    to: opened.to.email,
    subject: `${PRODUCT_NAME}: ${who} opened your deck`,
    text: `${lines.join('\n\n')}\n\n${href}\n\n${after}\n`,
    html: [
      `<!doctype html><html><body style="font-family:Arial,sans-serif;line-height:1.5;color:#1d1d1f">`,
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 18px;background:#5b3df5;color:#fff;border-radius:6px;text-decoration:none">See the visit</a></p>`,
      `<p style="color:#6e6e73">${escapeHtml(after)}</p>`,
      `</body></html>`,
    ].join('\n'),
  };
}

/** Sends it; a mail that cannot be sent gives the claim back, so the link's next visit mails again. */
export async function sendDeckOpened(
  sender: { db: Db; mailer: Mailer; config: { appUrl: string }; log: { error(object: object, message: string): void } },
  opened: DeckOpened,
): Promise<void> {
  try {
    await sender.mailer.send(deckOpenedMail(sender.config.appUrl, opened));
  } catch (err) {
    sender.log.error({ err }, 'decks: the opened mail could not be sent');
    await sender.db.update(deckLinks).set({ opened_mailed_at: opened.mailedBefore }).where(eq(deckLinks.id, opened.linkId)).catch(() => {});
  }
}
