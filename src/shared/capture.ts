// E-mail capture and touches: what the server keeps of a founder's mail and the calls and meetings she logs, and
// the calls that show and manage them. Both sides read these.
import { API } from './api-paths.js';
import type { ListType } from './api-types.js';
import { listRowPath } from './list-paths.js';
import type { Person } from './teams.js';

/** The capture calls. */
export const CAPTURE_API = {
  /** GET the account's capture address (made on first read). */
  address: `${API}/capture/address`,
  /** POST: a new address; mail to the old one is refused from then on. */
  rotate: `${API}/capture/address/rotate`,
  /** POST a raw mail (`Content-Type: message/rfc822`, `Authorization: Bearer TOKEN`): what an inbound relay posts. */
  messages: `${API}/capture/messages`,
  /** GET the addresses mail is logged from; POST `{email}` adds one and mails it a link; DELETE /{id}. */
  senders: `${API}/capture/senders`,
  /** POST `{token}` from the mailed link: the address is verified. */
  verifySender: `${API}/capture/senders/verify`,
  /** GET and PATCH CaptureSettings. */
  settings: `${API}/capture/settings`,
  /** GET the unmatched mails; POST /{id}/assign (InboxAssign); DELETE /{id} dismisses one. */
  inbox: `${API}/capture/inbox`,
} as const;

/** GET and POST a row's touches; PATCH and DELETE /{touchId}. */
export const rowTouchesPath = (listId: number, listType: ListType, itemId: number) => `${listRowPath(listId, listType, itemId)}/touches`;

/** Which way a captured mail went: written by the founder, or an investor's mail she forwarded. */
export const MAIL_DIRECTIONS = ['sent', 'received'] as const;
export type MailDirection = (typeof MAIL_DIRECTIONS)[number];

export const CAPTURED_MAIL_STATUSES = ['logged', 'unmatched', 'assigned', 'dismissed'] as const;
export type CapturedMailStatus = (typeof CAPTURED_MAIL_STATUSES)[number];

/** What a touch on a row was. The first two come from captured mail; the others are logged by hand. */
export const TOUCH_KINDS = ['email_sent', 'email_received', 'call', 'meeting', 'message'] as const;
export type TouchKind = (typeof TOUCH_KINDS)[number];
export const HAND_TOUCH_KINDS = ['call', 'meeting', 'message', 'email_sent', 'email_received'] as const;

export const TOUCH_KIND_LABELS: Record<TouchKind, string> = {
  email_sent: 'E-mail sent',
  email_received: 'Reply received',
  call: 'Call',
  meeting: 'Meeting',
  message: 'Message',
};

/** The profile setting: days from a touch to the follow-up it sets when the row has none; null is off. */
export const TOUCH_FOLLOW_UP_DAYS = [3, 5, 7, 10, 14] as const;
export const DEFAULT_TOUCH_FOLLOW_UP_DAYS = 7;

/** Limits of capture. */
export const CAPTURE_LIMITS = {
  /** Bytes of one mail, by SMTP (552 above) or the HTTP intake (413). */
  mailBytes: 10 * 1024 * 1024,
  /** Mails accepted for one capture address in a sliding hour (SMTP 451, HTTP 429). */
  mailsPerHour: 300,
  /** Characters of a mail's text kept. */
  snippetChars: 280,
  /** Characters of a subject kept. */
  subjectChars: 300,
  /** Participants of one mail matched against the lists. */
  participantsMatched: 100,
  /** Days an unmatched mail waits in the Capture inbox. */
  inboxDays: 7,
  /** Addresses besides the log-in one an account may send from. */
  senderAddresses: 5,
} as const;

/** Touches one row of a list may hold (captured and logged by hand); one more is a 422. */
export const TOUCHES_PER_ROW_MAX = 2000;
/** The server's `detail` of the capture and touch calls, word for word. */
export const CAPTURE_MESSAGES = {
  touchNotFound: 'Touch not found',
  notYourTouch: 'You can change or delete only your own touches',
  senderTaken: 'This address is already verified by another account',
  senderLimit: `You can add at most ${CAPTURE_LIMITS.senderAddresses} addresses besides your log-in address`,
  senderExists: 'This address is already on your list',
  senderIsLogin: 'This is the address you log in with',
  senderLinkInvalid: 'This verification link is invalid.',
  senderNotFound: 'Address not found',
  mailNotFound: 'Mail not found',
} as const;

/** Characters of a touch's text (a captured mail keeps CAPTURE_LIMITS.snippetChars of its own). */
export const TOUCH_BODY_MAX = 2000;

/** A mail address as a mail names it. */
export interface MailParty {
  address: string;
  name: string;
}

/** GET /api/v1/capture/address (and what POST /api/v1/capture/address/rotate answers). */
export interface CaptureAddress {
  /** `log+TOKEN@CAPTURE_DOMAIN`. */
  address: string;
  /** Where the HTTP intake takes a raw mail (`POST`, `Content-Type: message/rfc822`, `Authorization: Bearer TOKEN`). */
  intake_url: string;
  /** The SMTP listener's port, or null when this server does not listen. */
  smtp_port: number | null;
}

/** One address of GET /api/v1/capture/senders: the log-in one first (always verified), then the added ones. */
export interface SenderAddress {
  /** null for the log-in address, which cannot be removed. */
  id: number | null;
  email: string;
  verified: boolean;
}

/** GET and PATCH /api/v1/capture/settings. */
export interface CaptureSettings {
  /** One of TOUCH_FOLLOW_UP_DAYS, or null: a touch sets no follow-up. */
  follow_up_days: number | null;
}

/** One mail of GET /api/v1/capture/inbox: a mail of hers that no investor on her lists took part in. */
export interface InboxMail {
  id: number;
  direction: MailDirection;
  subject: string;
  snippet: string;
  participants: MailParty[];
  /** ISO time the mail was sent (clipped to when it arrived). */
  sent_at: string;
  /** ISO time it leaves the inbox. */
  expires_at: string;
}

/**
 * POST /api/v1/capture/inbox/{id}/assign: log the mail on an investor's row of a list she can edit (`investor_id`
 * on `list_id`), or, with `new_contact`, make one of its participants a private contact on that list first.
 */
export interface InboxAssign {
  list_id: number;
  investor_id?: number;
  new_contact?: { email: string; first_name?: string; last_name?: string; firm_name?: string };
}

/** What POST /api/v1/capture/inbox/{id}/assign answers: the row the mail was logged on, and its touch. */
export interface InboxAssigned {
  list_id: number;
  investor_id: number;
  /** null when that row already held this mail (its Message-ID). */
  touch: Touch | null;
}

/** What POST /api/v1/capture/senders/verify answers: the address now verified. */
export interface SenderVerified {
  email: string;
}

/**
 * One touch of GET /api/v1/lists/{id}/investors/{investorId}/touches (…/funds/{fundId}/touches), newest first.
 * `body` is null to a member who is not its author while it is not shared.
 */
export interface Touch {
  id: number;
  kind: TouchKind;
  subject: string;
  body: string | null;
  shared: boolean;
  participants: MailParty[];
  match: 'exact' | 'likely' | null;
  /** ISO time it happened. */
  happened_at: string;
  author: Person | null;
}

/** POST /api/v1/lists/{id}/investors/{investorId}/touches (…/funds/{fundId}/touches): a touch logged by hand. */
export interface TouchInput {
  kind: TouchKind;
  /** Up to 2,000 characters; may be empty. */
  body?: string;
  subject?: string;
  /** ISO time; default now, a future one taken as now. */
  happened_at?: string;
  /** The investor answered (sets the row's answered mark). Default: true for email_received, else false. */
  answered?: boolean;
}

/** PATCH …/touches/{touchId}: its author shares (or stops sharing) its text with the list's members. */
export interface TouchPatch {
  shared: boolean;
}
