// The morning mail: one a day at most per user, made of the sections other modules have for them (the
// pipeline's follow-ups due, the saved searches' alerts). This module knows no section; each says whom it
// may have something for and what that is.
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { PRODUCT_NAME } from '../../../shared/constants.js';
import type { Mail } from '../../mail/mailer.js';
import { escapeHtml, greeting, type Recipient } from '../../mail/templates.js';

export interface MorningRecipient extends Recipient {
  id: number;
}

/** What one section puts in a user's morning mail. */
export interface SectionContent {
  /** For the subject, e.g. "3 follow-ups due". */
  subject: string;
  /** Plain-text paragraphs. */
  text: string[];
  /** The same as HTML. */
  html: string;
  /** Runs once the mail has been sent: what the section then keeps as done. */
  sent?: () => Promise<void>;
}

export interface MorningSection {
  /** A cheap condition on the user (their id column) whether they may have something today: whom to claim. */
  mayHave(userId: AnyPgColumn, today: string): SQL;
  /** What the user has for today's mail, or null when nothing. */
  collect(app: FastifyInstance, user: MorningRecipient, today: string): Promise<SectionContent | null>;
}

/** The mail holding the sections, in order. */
export function morningMail(to: Recipient, sections: SectionContent[]): Mail {
  const text = [greeting(to.first_name), ...sections.flatMap((section) => section.text)].join('\n\n');
  const html = [
    `<!doctype html><html><body style="font-family:Arial,sans-serif;line-height:1.5;color:#1d1d1f">`,
    `<p>${escapeHtml(greeting(to.first_name))}</p>`,
    ...sections.map((section) => section.html),
    `</body></html>`,
  ].join('\n');
  return {
    to: to.email,
    subject: `${PRODUCT_NAME}: ${sections.map((section) => section.subject).join(', ')}`,
    text: `${text}\n`,
    html,
  };
}
