// Lists shared by a team (issue 24): roles, members and invitations, each row's activity and the live
// events of a list. The wire contract, paths, limits and messages both the server and the client apply.
import { API } from './api-paths.js';
import type { Touch, TouchKind } from './capture.js';
import type { RowDeck } from './decks.js';
import type { ListType } from './api-types.js';
import { listPath, listRowPath } from './list-paths.js';
import type { PipelineNote, PipelineStage } from './pipeline.js';

// ---- Roles ----

/** The owner (who created the list) and the two roles it may be shared with. */
export const LIST_ROLES = ['owner', 'editor', 'viewer'] as const;
export type ListRole = (typeof LIST_ROLES)[number];

/** What an invitation or a member change may give: anything but ownership. */
export const MEMBER_ROLES = ['editor', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const LIST_ROLE_LABELS: Record<ListRole, string> = { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' };

/** Editors and the owner change rows (add, remove, stage, follow-up, amount, notes); viewers read and export. */
export const canEditRows = (role: ListRole) => role !== 'viewer';
/** Only the owner renames, deletes and shares the list. */
export const canManageList = (role: ListRole) => role === 'owner';

/** A user as other members see them: who made a change, wrote a note, owns a list. */
export interface Person {
  id: number;
  first_name: string;
  last_name: string;
}

/**
 * What every list answer (GET /api/v1/lists, GET /api/v1/lists/{id}, create, rename, accept) carries beside
 * its summary: the caller's role on it and its owner.
 */
export interface ListAccess {
  role: ListRole;
  owner: Person;
}

// ---- Members and invitations ----

export const INVITATION_TTL_DAYS = 7;
/** Invitations a user may send per hour, across all their lists and every instance. */
export const INVITATIONS_PER_HOUR = 20;
/** Invitation mails one sender may send one address in any 24 hours. */
export const INVITATION_MAILS_PER_SENDER_AND_ADDRESS_PER_DAY = 3;
/** Invitation mails one address may be sent in any 24 hours, whoever sends them. */
export const INVITATION_MAILS_PER_ADDRESS_PER_DAY = 10;
/** Inviting an address again within this many minutes of its pending invitation keeps that one and mails nothing. */
export const INVITATION_RESEND_MINUTES = 60;

export interface ListMember {
  user_id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: ListRole;
}

export interface ListInvitation {
  id: number;
  /** Lower-cased. */
  email: string;
  role: MemberRole;
  /** ISO time; a pending invitation past it no longer works and is not listed. */
  expires_at: string;
}

/** GET /api/v1/lists/{id}/members (owner only): the owner first, then members in the order they joined. */
export interface ListMembers {
  members: ListMember[];
  /** Pending: not accepted, not expired; newest first. */
  invitations: ListInvitation[];
}

/**
 * POST /api/v1/lists/{id}/members → 201 ListInvitation, mailed. Inviting an address with a pending one replaces
 * it (a new link, mailed), except within INVITATION_RESEND_MINUTES of it: then it is kept with the role sent, and
 * nothing is mailed (200).
 */
export interface InviteInput {
  email: string;
  role: MemberRole;
}

/** PATCH /api/v1/lists/{id}/members/{userId} → 200 ListMember. */
export interface MemberChange {
  role: MemberRole;
}

/**
 * GET /api/v1/invitations/{token} (no log-in needed): what the invitation page shows before accepting.
 * POST /api/v1/invitations/{token}/accept (logged in as that address) answers the list's summary with its role.
 */
export interface InvitationPreview {
  email: string;
  role: MemberRole;
  list_name: string;
  list_type: ListType;
  invited_by: { first_name: string; last_name: string };
  expires_at: string;
}

// ---- Activity ----

/** 'imported': added by an import of a spreadsheet (ActivityEntry.file_name says which). */
export const ACTIVITY_ACTIONS = [
  'added',
  'stage',
  'follow_up',
  'amount',
  'note_added',
  'note_deleted',
  'removed',
  'imported',
  'touch_added',
  'touch_deleted',
  'deck_shared',
  'deck_opened',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/**
 * One entry of GET /api/v1/lists/{id}/investors/{investorId}/activity (…/funds/{fundId}/activity), newest first.
 * `from` and `to`: for 'stage' two stages, for 'follow_up' two dates (YYYY-MM-DD) or null, for 'amount' two whole
 * dollar amounts or null; null for the other actions. `note` for 'note_added' while the note exists: a deleted
 * note's text is gone, so 'note_deleted' and the note_added of a deleted note have none. A member reads the
 * entries since they joined the list.
 */
export interface ActivityEntry {
  id: number;
  action: ActivityAction;
  from: PipelineStage | string | number | null;
  to: PipelineStage | string | number | null;
  note: { id: number; body: string } | null;
  /** For 'imported': the name of the file the row came from. */
  file_name?: string;
  /** For 'touch_added' and 'touch_deleted': what the touch was, its subject, and whether it was the investor's answer. */
  touch?: { id: number; kind: TouchKind; subject: string } | null;
  /** For 'deck_shared' and 'deck_opened': the link, its deck's name, and the e-mail given at its gate (opened) or prefilled (shared). */
  deck?: { link_id: number; deck_name: string; email: string | null };
  /** Who did it; null once their account is deleted. */
  user: Person | null;
  created_at: string;
}

/** How many entries an activity answer holds at most (the newest). */
export const ACTIVITY_LIMIT = 200;

// ---- Live events (Server-Sent Events) ----

/**
 * GET /api/v1/lists/{id}/events: `text/event-stream`. Each event has `id:` (increasing; send it back as
 * Last-Event-ID or `?last_event_id=` to resume), `event:` one of these types and `data:` JSON (ListEventData).
 * - ready: sent first on a stream opened without a last event id; its id is where to resume from.
 * - reset: refetch the list: events since the given id can no longer be replayed (too old, or unknown), or many
 *   rows changed at once (an import, its undo, a batch adding more than one row), told in this one event rather than one a row.
 * - row-added, row-changed, row-removed, note-added, note-deleted: a row of the list changed.
 * - list-changed: renamed or described anew. list-deleted: gone (the stream then ends).
 * - member-added, member-changed (role), member-removed (removed or left; the removed member's stream ends
 *   after it).
 * - deck-opened: a visit began on a row's deck link (issue 47); nothing on the list changed by it (its deck line comes
 *   in a row-changed). The user's own lists stream tells it too (MY_LISTS_DECK_OPENED_EVENT).
 * A comment line (`: heartbeat`) comes every 20 seconds.
 */
export const LIST_EVENT_TYPES = [
  'ready',
  'reset',
  'row-added',
  'row-changed',
  'row-removed',
  'note-added',
  'note-deleted',
  'touch-added',
  'touch-deleted',
  'list-changed',
  'list-deleted',
  'member-added',
  'member-changed',
  'member-removed',
  'deck-opened',
] as const;
export type ListEventType = (typeof LIST_EVENT_TYPES)[number];

export interface FieldChange<T> {
  from: T;
  to: T;
}

/** The fields a row-changed event names: only those whose value changed. */
export type RowChanges = Partial<{
  stage: FieldChange<PipelineStage>;
  follow_up_on: FieldChange<string | null>;
  amount: FieldChange<number | null>;
  /** ISO times: a touch logged (issue 46). */
  last_contacted_at: FieldChange<string | null>;
  answered_at: FieldChange<string | null>;
  /** The row's deck line (issue 47): a link of it read. */
  deck: FieldChange<RowDeck | null>;
}>;

interface EventBase {
  list_id: number;
  /** When the change was written, by the server's clock (ISO): a row's updated_at after a row-changed event. */
  at: string;
  /** Who made the change (null for ready, for a reset the stream sends itself, and once their account is deleted). */
  by: Person | null;
}

interface RowEventBase extends EventBase {
  kind: ListType;
  item_id: number;
}

export type ListEventData =
  | ({ type: 'ready' | 'reset' | 'list-deleted' } & EventBase)
  | ({ type: 'row-added' | 'row-removed' } & RowEventBase)
  | ({ type: 'row-changed'; changes: RowChanges } & RowEventBase)
  | ({ type: 'note-added'; note: PipelineNote } & RowEventBase)
  | ({ type: 'note-deleted'; note_id: number } & RowEventBase)
  /** `touch.body` is null unless the touch is shared: every member's stream carries it. */
  | ({ type: 'touch-added'; touch: Touch } & RowEventBase)
  | ({ type: 'touch-deleted'; touch_id: number } & RowEventBase)
  | ({ type: 'list-changed'; name: string; description: string } & EventBase)
  | ({ type: 'member-added' | 'member-changed'; user_id: number; role: MemberRole } & EventBase)
  | ({ type: 'member-removed'; user_id: number } & EventBase)
  | ({ type: 'deck-opened' } & DeckOpenedFacts & RowEventBase);

/** Who began a visit of a row's deck link: the row's investor, the deck, and the e-mail given at the gate (null for none). */
export interface DeckOpenedFacts {
  investor_name: string;
  deck_name: string;
  email: string | null;
}

/** POST /api/v1/lists/{id}/events/ticket: for EventSource, which cannot send a bearer header. */
export interface EventsTicket {
  /** Put in the events URL as `?ticket=`; good for this list and user only. */
  ticket: string;
  expires_at: string;
}

export const EVENTS_TICKET_TTL_SECONDS = 60;
export const EVENTS_HEARTBEAT_SECONDS = 20;

// ---- Paths ----

export const INVITATION_PAGE = (token: string) => `/invitations/${token}`;

export const listMembersPath = (listId: number) => `${listPath(listId)}/members`;
export const listMemberPath = (listId: number, userId: number) => `${listMembersPath(listId)}/${userId}`;
export const listInvitationPath = (listId: number, invitationId: number) => `${listPath(listId)}/invitations/${invitationId}`;
export const invitationPath = (token: string) => `${API}/invitations/${encodeURIComponent(token)}`;
export const acceptInvitationPath = (token: string) => `${invitationPath(token)}/accept`;
export const rowActivityPath = (listId: number, listType: ListType, itemId: number) =>
  `${listRowPath(listId, listType, itemId)}/activity`;
export const listEventsPath = (listId: number) => `${listPath(listId)}/events`;
export const listEventsTicketPath = (listId: number) => `${listEventsPath(listId)}/ticket`;

/**
 * GET /api/v1/lists/events: the caller's own stream of their lists (bearer token or `?ticket=` from POST
 * /api/v1/lists/events/ticket). It sends `lists-changed` with `{list_id}` whenever what the sidebar shows of
 * one of their lists changes: a row added or removed, renamed, deleted, a member added, changed or removed —
 * the caller among them, so a list shared with them appears, and one they were removed from goes, at once. The
 * answer is to read GET /api/v1/lists again; nothing to resume (a reconnection reads it again too). It also sends
 * `deck-opened` (MyListsDeckOpenedData) when a visit begins on a deck link of a row of one of their lists, or on a
 * general link of a deck of theirs, as it happens: a stream opened later is not told of it.
 */
export const MY_LISTS_EVENTS_PATH = `${API}/lists/events`;
export const MY_LISTS_EVENTS_TICKET_PATH = `${MY_LISTS_EVENTS_PATH}/ticket`;
export const MY_LISTS_EVENT = 'lists-changed';
/** Which list's summary changed. */
export interface MyListsEventData {
  list_id: number;
}
export const MY_LISTS_DECK_OPENED_EVENT = 'deck-opened';
/**
 * A visit began on a deck link: a row's (which list and row, told to every user on the list), or a general one's
 * (`list_id` null, the link's name; told to the deck's owner). When, and who read it.
 */
export type MyListsDeckOpenedData =
  | ({ list_id: number; kind: ListType; item_id: number; at: string } & DeckOpenedFacts)
  | { list_id: null; link_name: string; deck_name: string; email: string | null; at: string };
/** Where a general link's 'deck-opened' is stored (list_events.list_id): no list has it; `data.owner_id` says whose. */
export const NO_LIST_ID = 0;

// ---- Messages (the server's `detail`, word for word) ----

export const TEAM_MESSAGES = {
  listNotFound: 'List not found',
  viewerCannotChange: 'Viewers cannot change this list',
  ownerOnlyRename: "Only the list's owner can rename or delete it",
  ownerOnlyMembers: "Only the list's owner can see and change who it is shared with",
  inviteYourself: 'You cannot invite yourself',
  alreadyMember: (email: string) => `${email} is already a member of this list`,
  ownerRole: 'The owner’s role cannot be changed',
  notYourNote: 'You can delete only your own notes',
  memberNotFound: 'This person is not a member of this list',
  ownerCannotLeave: 'You own this list: delete it instead of leaving it',
  invitationGone: 'This invitation is no longer pending',
  addressInvitedEnough: (email: string) =>
    `${email} has been sent ${INVITATION_MAILS_PER_ADDRESS_PER_DAY} invitations in the last day, the most one address gets. Try again tomorrow.`,
  youInvitedEnough: (email: string) =>
    `You have sent ${email} ${INVITATION_MAILS_PER_SENDER_AND_ADDRESS_PER_DAY} invitations in the last day, the most one address gets from one person. Try again tomorrow.`,
  invitationNotFound: 'This invitation is not valid: it may have been withdrawn. Ask for a new one.',
  invitationUsed: 'This invitation has already been accepted.',
  invitationExpired: 'This invitation has expired. Ask for a new one.',
  invitationForOther: (email: string) =>
    `This invitation is for ${email}. Log in with that address to accept it; nothing was changed.`,
  ticketInvalid: 'The events ticket is invalid or expired',
} as const;
