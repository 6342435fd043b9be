import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  customType,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { FUND_FIELDS, INVESTOR_FIELDS } from '../../shared/catalogue-fields.js';
import { catalogueColumns } from './catalogue-columns.js';
import { CAPTURED_MAIL_STATUSES, MAIL_DIRECTIONS, TOUCH_FOLLOW_UP_DAYS, TOUCH_KINDS } from '../../shared/capture.js';
import { PIPELINE_STAGES } from '../../shared/pipeline.js';
import type { RowDeck } from '../../shared/decks.js';
import { ACTIVITY_ACTIONS, LIST_EVENT_TYPES, MEMBER_ROLES } from '../../shared/teams.js';
import {
  DEFAULT_SAVED_SEARCH_ALERT,
  SAVED_SEARCH_ALERTS,
  SAVED_SEARCH_KINDS,
  type SavedSearchQuery,
} from '../../shared/saved-searches.js';
import type { ImportEffects } from '../modules/imports/import-effects.js';

// The catalogue tables take their columns from shared/catalogue-fields.ts; here are only what the
// database adds to them: generated columns and indexes. Missing values are the text 'NaN' in text
// columns and NULL in numeric ones; the API answers both as 'NaN'.

/**
 * The text a search term is matched against: the fields joined by spaces, a missing one ('NaN') as empty,
 * since an empty field holds no text to match ("nan" on the way to "Nancy" must not find every row
 * missing a city). The search index reads the fields the same way (catalogue/facet-index.ts).
 */
function searchable(...columns: string[]) {
  return sql.raw(columns.map((c) => `coalesce(nullif(${c}, 'NaN'), '')`).join(` || ' ' || `));
}

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * When a catalogue row was added, by the database's clock, however it came (import, seed, SQL); what makes it
 * "new" to a saved search. Rows older than the column are NULL: unknown, never new (migration 0007).
 */
const addedAt = () => timestamp('added_at', { withTimezone: true }).defaultNow();

export const investors = pgTable(
  'investors',
  {
    ...catalogueColumns(INVESTOR_FIELDS),
    /** What search_term matches: names, firm, title, e-mail and city, lower-cased, a missing one empty. */
    search_text: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(${searchable('first_name', 'last_name', 'firm_name', 'contact_title', 'email', 'city')})`,
      ),
    added_at: addedAt(),
  },
  (t) => [
    index('investors_search_text_trgm').using('gin', sql`${t.search_text} gin_trgm_ops`),
    index('investors_stage_preferences_gin').using('gin', t.stage_preferences),
    index('investors_industry_preferences_gin').using('gin', t.industry_preferences),
    index('investors_country_idx').on(t.country),
    index('investors_city_idx').on(t.city),
    index('investors_state_idx').on(t.state),
    index('investors_type_of_firm_idx').on(t.type_of_firm),
    index('investors_contact_title_idx').on(t.contact_title),
    index('investors_last_name_idx').on(t.last_name),
    index('investors_added_at_idx').on(t.added_at),
  ],
);

export const funds = pgTable(
  'funds',
  {
    ...catalogueColumns(FUND_FIELDS),
    /** What the gender_ratio filter means: the share of women on the investment team, in percent. */
    gender_ratio: doublePrecision('gender_ratio').generatedAlwaysAs(
      sql`CASE WHEN number_of_investors > 0 AND women_investors IS NOT NULL THEN women_investors * 100.0 / number_of_investors END`,
    ),
    /** What search_term matches: firm, contact name, title, e-mails and address, lower-cased, a missing one empty. */
    search_text: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(${searchable('firm_name', 'full_name', 'title', 'firm_email', 'contact_email', 'firm_address')})`,
      ),
    added_at: addedAt(),
  },
  (t) => [
    index('funds_search_text_trgm').using('gin', sql`${t.search_text} gin_trgm_ops`),
    index('funds_stage_preferences_gin').using('gin', t.stage_preferences),
    index('funds_industry_preferences_gin').using('gin', t.industry_preferences),
    index('funds_firm_country_idx').on(t.firm_country),
    index('funds_firm_state_idx').on(t.firm_state),
    index('funds_firm_type_idx').on(t.firm_type),
    index('funds_firm_city_idx').on(t.firm_city),
    index('funds_firm_name_idx').on(t.firm_name),
    index('funds_added_at_idx').on(t.added_at),
  ],
);

/**
 * Bumped by the database itself whenever investors or funds change (statement triggers, migration 0003),
 * whoever changes them: every instance's caches and search index of the catalogue are keyed by it.
 */
export const catalogueState = pgTable('catalogue_state', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull().default(0),
  /**
   * catalogue_changes holds every change of a version above this one: a search index built at an older
   * version cannot be brought up to date from it (a TRUNCATE, or changes pruned since).
   */
  changes_from: integer('changes_from').notNull().default(0),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Which catalogue rows each version changed (inserted, updated or deleted), written by the database's
 * triggers with the version (migration 0010), so a search index applies just those rows to catch up.
 */
export const catalogueChanges = pgTable(
  'catalogue_changes',
  {
    version: integer('version').notNull(),
    catalogue: text('catalogue').notNull(),
    row_id: integer('row_id').notNull(),
    changed_at: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('catalogue_changes_catalogue_version_idx').on(table.catalogue, table.version)],
);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    profile_photo: text('profile_photo'),
    /** Days from a touch to the follow-up it sets when the row has none (3, 5, 7, 10 or 14); null: none is set. */
    touch_follow_up_days: integer('touch_follow_up_days').default(7),
    email_verified_at: timestamp('email_verified_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    check('users_touch_follow_up_days_known', sql`${t.touch_follow_up_days} IN (${sql.raw(TOUCH_FOLLOW_UP_DAYS.join(', '))})`),
  ],
);

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumed_at: timestamp('consumed_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [index('otp_codes_user_idx').on(t.user_id)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    /** Every token rotated from one login shares a family; reuse of a rotated one revokes it whole. */
    family_id: uuid('family_id').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotated_at: timestamp('rotated_at', { withTimezone: true }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_unique').on(t.token_hash),
    index('refresh_tokens_family_idx').on(t.family_id),
  ],
);

/** Single-use links sent by mail: e-mail verification (24 h) and password reset (1 h). */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password', 'verify_sender'] }).notNull(),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('email_tokens_hash_unique').on(t.token_hash)],
);

/**
 * A list row's place in the raise. Each field keeps the time of its last change (the device's time the
 * change was made, never later than when it arrived), so of two changes to one field the later wins,
 * whichever arrives last; null means never changed since the row was added.
 */
function pipelineColumns() {
  return {
    stage: text('stage', { enum: PIPELINE_STAGES }).notNull().default('lead'),
    follow_up_on: date('follow_up_on', { mode: 'string' }),
    /** Whole US dollars. */
    amount: bigint('amount', { mode: 'number' }),
    stage_changed_at: timestamp('stage_changed_at', { withTimezone: true }),
    follow_up_changed_at: timestamp('follow_up_changed_at', { withTimezone: true }),
    amount_changed_at: timestamp('amount_changed_at', { withTimezone: true }),
    /** Who made the change `updated_at` answers (the latest field change, else the addition); null when unknown. */
    updated_by: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    /** The latest touch logged on the row: a mail captured either way, or a call, meeting or message logged by hand. */
    last_contacted_at: timestamp('last_contacted_at', { withTimezone: true }),
    /** When the investor last answered (a reply captured, or a touch logged as their answer); null while none. */
    answered_at: timestamp('answered_at', { withTimezone: true }),
  };
}

/** A list of our own constants as SQL literals, for a CHECK. */
function oneOf(values: readonly string[]) {
  return sql.raw(values.map((value) => `'${value}'`).join(', '));
}

function pipelineChecks(table: string, t: { stage: AnyPgColumn; amount: AnyPgColumn }) {
  return [
    check(`${table}_stage_known`, sql`${t.stage} IN (${oneOf(PIPELINE_STAGES)})`),
    check(`${table}_amount_not_negative`, sql`${t.amount} >= 0`),
  ];
}

export const lists = pgTable(
  'lists',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    list_type: text('list_type', { enum: ['investor', 'fund'] }).notNull(),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lists_user_idx').on(t.user_id)],
);

export const listInvestors = pgTable(
  'list_investors',
  {
    list_id: integer('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    /**
     * A catalogue investor or a private contact: no foreign key can name two tables, so the database's triggers
     * (migration 0011) keep what one would: the id exists in one of them, and goes from every list with it.
     */
    investor_id: integer('investor_id').notNull(),
    added_at: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    ...pipelineColumns(),
    /** The row's deck line (issue 47): its link read most lately, as the list shows it; null while none was read. */
    deck: jsonb('deck').$type<RowDeck>(),
    /**
     * Its investor's type as the Round page groups by it (investor_type_label of the catalogue's or the contact's
     * type_of_firm), kept by the database's triggers (migration 0023) as the row is added and the type changes.
     */
    type_label: text('type_label'),
    /**
     * What the Round page counts of the row, kept by the database's triggers (migration 0024) from its stage, addition,
     * last contact and answer and its facts (round_row_facts) as either changes: the furthest funnel place it reached
     * (1 Lead … 5 Committed), whether it was contacted and answered, its first answer and the whole days to it from its
     * first contact, its last touch but for deck views; and, as its facts say, whether an amount was logged, its last
     * reply or meeting and its last reaching Meeting.
     */
    round_furthest: integer('round_furthest').notNull().default(1),
    round_contacted: boolean('round_contacted').notNull().default(false),
    round_answered: boolean('round_answered').notNull().default(false),
    round_answer_at: timestamp('round_answer_at', { withTimezone: true }),
    round_answer_days: integer('round_answer_days'),
    round_logged_touch: timestamp('round_logged_touch', { withTimezone: true }),
    round_amount_logged: boolean('round_amount_logged').notNull().default(false),
    round_engaged_last_at: timestamp('round_engaged_last_at', { withTimezone: true }),
    round_met_at: timestamp('round_met_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.list_id, t.investor_id] }),
    index('list_investors_investor_idx').on(t.investor_id),
    index('list_investors_follow_up_idx').on(t.follow_up_on),
    ...pipelineChecks('list_investors', t),
  ],
);

export const listFunds = pgTable(
  'list_funds',
  {
    list_id: integer('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    fund_id: integer('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    added_at: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    ...pipelineColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.list_id, t.fund_id] }),
    index('list_funds_follow_up_idx').on(t.follow_up_on),
    ...pipelineChecks('list_funds', t),
  ],
);

/**
 * Rate-limit counters, one row per rule and key (e.g. 'login-ip:203.0.113.5'), shared by every instance:
 * `hits` in the window that ends at `resets_at`. Expired rows are swept now and then.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resets_at: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_resets_idx').on(t.resets_at)],
);

/**
 * Idempotency-Key headers, per user, with the first answer given for them (24 hours): a repeat of the
 * request answers that again and changes nothing. `status` is null while the first is being handled.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method, path and body of the first request: the key may not be reused for another. */
    request_hash: text('request_hash').notNull(),
    status: integer('status'),
    body: text('body'),
    created_at: createdAt(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.key] }), index('idempotency_keys_expires_idx').on(t.expires_at)],
);

/**
 * The spreadsheet preview or import an account has under way: one at a time, whichever instance runs it
 * (modules/imports/import-slots.ts). Held until `expires_at`, so an instance that stops mid-way frees it;
 * `token` names the request holding it, so a late release never frees another's.
 */
export const importLeases = pgTable('import_leases', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Notes on a list row, by its author: one of investor_id and fund_id is set, with list_id naming the
 * row of list_investors or list_funds the note belongs to — removing the row (or its list) removes them.
 */
export const pipelineNotes = pgTable(
  'pipeline_notes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    list_id: integer('list_id').notNull(),
    investor_id: integer('investor_id'),
    fund_id: integer('fund_id'),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.list_id, t.investor_id], foreignColumns: [listInvestors.list_id, listInvestors.investor_id] }).onDelete('cascade'),
    foreignKey({ columns: [t.list_id, t.fund_id], foreignColumns: [listFunds.list_id, listFunds.fund_id] }).onDelete('cascade'),
    check('pipeline_notes_one_row', sql`(${t.investor_id} IS NULL) <> (${t.fund_id} IS NULL)`),
    check('pipeline_notes_body_length', sql`char_length(${t.body}) BETWEEN 1 AND 2000`),
    index('pipeline_notes_investor_idx').on(t.list_id, t.investor_id, t.created_at),
    index('pipeline_notes_fund_idx').on(t.list_id, t.fund_id, t.created_at),
  ],
);

/**
 * The morning mail (follow-ups due and saved-search alerts; it began as the follow-up digest) mailed to a user
 * on a day (server local date): claimed before it is sent, once.
 */
export const followUpDigests = pgTable(
  'follow_up_digests',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    claimed_at: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.day] })],
);

/**
 * A founder's startup and round (GET and PUT /api/v1/startup), one per user: what the fit score judges
 * investors against. `changed_at` is when the saved edit was made on its device: of two edits the later
 * wins, whichever arrives last.
 */
export const startups = pgTable(
  'startups',
  {
    user_id: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    pitch: text('pitch'),
    stage: text('stage').notNull(),
    industries: text('industries').array().notNull(),
    geography: text('geography').notNull(),
    financing_type: text('financing_type').notNull(),
    /** Whole US dollars. */
    raise_amount: bigint('raise_amount', { mode: 'number' }).notNull(),
    close_on: date('close_on', { mode: 'string' }).notNull(),
    changed_at: timestamp('changed_at', { withTimezone: true }).notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('startups_raise_amount_positive', sql`${t.raise_amount} > 0`)],
);

/**
 * A founder's saved search of investors or funds: its query (the search's own keys, without paging) and
 * alert. Rows added after `last_seen_at` that match are its new rows; an alert lists those added since the
 * later of `last_alerted_at`, `last_seen_at` and `created_at`. Every time is the database's clock.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: SAVED_SEARCH_KINDS }).notNull(),
    query: jsonb('query').$type<SavedSearchQuery>().notNull(),
    alert: text('alert', { enum: SAVED_SEARCH_ALERTS }).notNull().default(DEFAULT_SAVED_SEARCH_ALERT),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    last_alerted_at: timestamp('last_alerted_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('saved_searches_user_kind_name_unique').on(t.user_id, t.kind, sql`lower(${t.name})`),
    check('saved_searches_kind_known', sql`${t.kind} IN (${oneOf(SAVED_SEARCH_KINDS)})`),
    check('saved_searches_alert_known', sql`${t.alert} IN (${oneOf(SAVED_SEARCH_ALERTS)})`),
  ],
);

/**
 * The people a list is shared with, beside its owner (lists.user_id): an editor changes rows, a viewer reads.
 * Every list call resolves the caller's role from here on each request, so a removal holds at once everywhere.
 */
export const listMembers = pgTable(
  'list_members',
  {
    list_id: integer('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.list_id, t.user_id] }),
    index('list_members_user_idx').on(t.user_id),
    check('list_members_role_known', sql`${t.role} IN (${oneOf(MEMBER_ROLES)})`),
  ],
);

/**
 * An invitation mailed to an address (lower-cased) to join a list: its link's token is stored only as a hash,
 * works once (accepted_at) and until expires_at. At most one pending per list and address.
 */
export const listInvitations = pgTable(
  'list_invitations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    list_id: integer('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    token_hash: text('token_hash').notNull(),
    invited_by: integer('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    accepted_at: timestamp('accepted_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('list_invitations_token_unique').on(t.token_hash),
    uniqueIndex('list_invitations_pending_unique').on(t.list_id, t.email).where(sql`${t.accepted_at} IS NULL`),
    check('list_invitations_role_known', sql`${t.role} IN (${oneOf(MEMBER_ROLES)})`),
  ],
);

/**
 * The invitation mails sent, by sender and address (its SHA-256: the address itself is not kept), for the limits
 * counted over the last 24 hours (teams/invitation-mails.ts). A row older than that is swept.
 */
export const invitationMails = pgTable(
  'invitation_mails',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    sender_id: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address_hash: text('address_hash').notNull(),
    sent_at: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invitation_mails_address_idx').on(t.address_hash, t.sent_at), index('invitation_mails_sent_idx').on(t.sent_at)],
);

/**
 * What happened to each row of a list, by whom: written in the same transaction as the change. `detail` holds
 * `{from, to}` for a stage, follow-up or amount, `{note: {id, body}}` for a note; kept after the row leaves.
 */
export const listActivity = pgTable(
  'list_activity',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    list_id: integer('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    item_kind: text('item_kind', { enum: ['investor', 'fund'] }).notNull(),
    item_id: integer('item_id').notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: ACTIVITY_ACTIONS }).notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    created_at: createdAt(),
  },
  (t) => [
    index('list_activity_row_idx').on(t.list_id, t.item_kind, t.item_id, t.id),
    check('list_activity_action_known', sql`${t.action} IN (${oneOf(ACTIVITY_ACTIONS)})`),
  ],
);

/**
 * Every change to a list as its live stream sends it (GET /api/v1/lists/{id}/events), in the order committed:
 * each writer holds the list's row lock while it takes its id. No foreign key on list_id: a list's
 * 'list-deleted' outlives it. Kept a week (the newest always), so a stream can resume after Last-Event-ID.
 */
export const listEvents = pgTable(
  'list_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    list_id: integer('list_id').notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type', { enum: LIST_EVENT_TYPES }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    created_at: createdAt(),
  },
  (t) => [index('list_events_list_idx').on(t.list_id, t.id), index('list_events_created_idx').on(t.created_at)],
);

/**
 * The live event streams open on every instance, so that each user's stream limits count them all. An instance
 * moves its streams' `alive_until` on at every heartbeat and deletes a stream's row when it ends; a row past its
 * `alive_until` (its instance gone) no longer counts. `list_id` 0 is the user's own lists stream.
 */
export const liveStreams = pgTable(
  'live_streams',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list_id: integer('list_id').notNull(),
    alive_until: timestamp('alive_until', { withTimezone: true }).notNull(),
  },
  (t) => [index('live_streams_user_idx').on(t.user_id, t.list_id), index('live_streams_alive_idx').on(t.alive_until)],
);

/** Event-stream tickets already used, by their `jti`, kept until they expire: a ticket opens one stream. */
export const usedEventTickets = pgTable(
  'used_event_tickets',
  {
    id: text('id').primaryKey(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_event_tickets_expires_idx').on(t.expires_at)],
);

/**
 * Investors the catalogue lacks, each added by one founder (by hand or from an import) and seen only by them and
 * the members of a list holding it. The investor's columns, missing values stored as the catalogue stores them, and
 * an id drawn from the investors' own sequence, so an investor id names one investor, catalogue or private (the
 * database refuses an id both tables hold, migration 0011). Never read by the catalogue's search.
 */
export const privateContacts = pgTable(
  'private_contacts',
  {
    ...catalogueColumns(INVESTOR_FIELDS),
    id: integer('id').primaryKey().default(sql`nextval('investors_id_seq')`),
    owner_id: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('private_contacts_owner_idx').on(t.owner_id, t.id)],
);

/**
 * Every investor a list may hold, catalogue rows and private contacts alike, with `private` and the contact's
 * owner (null for the catalogue's): what the list calls read a list's investors from. A view of migration 0011.
 */
export const investorRows = pgView('investor_rows', {
  ...catalogueColumns(INVESTOR_FIELDS),
  private: boolean('private').notNull(),
  owner_id: integer('owner_id'),
}).existing();

/** A spreadsheet imported into a list, and what it did to each row, so that undo puts back exactly that. */
export const listImports = pgTable(
  'list_imports',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    list_id: integer('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    file_name: text('file_name').notNull(),
    effects: jsonb('effects').$type<ImportEffects>().notNull(),
    created_at: createdAt(),
    undone_at: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [index('list_imports_list_idx').on(t.list_id, t.id)],
);

/**
 * Each account's private capture address, `log+TOKEN@CAPTURE_DOMAIN`: mail to it (by SMTP or the HTTP intake) is
 * logged on the account's lists. Rotating replaces the token; mail to an old one is refused. `dropped` counts the
 * mails refused after they were accepted (not the account's, or nothing to log), never shown.
 */
export const captureAddresses = pgTable(
  'capture_addresses',
  {
    user_id: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    dropped: integer('dropped').notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('capture_addresses_token_unique').on(t.token)],
);

/**
 * Addresses besides the log-in one that a founder sends mail from (a work and a personal one): a captured mail is
 * hers only when its From is her log-in address or one of these once verified by a mailed link. A verified address
 * belongs to one account.
 */
export const senderAddresses = pgTable(
  'sender_addresses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    verified_at: timestamp('verified_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('sender_addresses_user_email_unique').on(t.user_id, sql`lower(${t.email})`),
    uniqueIndex('sender_addresses_verified_unique')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.verified_at} IS NOT NULL`),
  ],
);

/**
 * A mail of a founder's that reached her capture address, once per Message-ID: what was kept of it (subject, the
 * first 280 characters of its text, who took part; never its body, attachments or raw bytes), and where it went:
 * `logged` on rows, `unmatched` (the Capture inbox, 7 days), `assigned` from the inbox, or `dismissed`.
 */
export const capturedMails = pgTable(
  'captured_mails',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message_id: text('message_id').notNull(),
    direction: text('direction', { enum: MAIL_DIRECTIONS }).notNull(),
    subject: text('subject').notNull(),
    snippet: text('snippet').notNull(),
    /** `[{address, name}]`: the original sender of a forward, To and Cc, the founder's own addresses left out. */
    participants: jsonb('participants').$type<Array<{ address: string; name: string }>>().notNull(),
    /** The Message-IDs it answers (In-Reply-To, then References). */
    replies_to: text('replies_to').array().notNull().default(sql`'{}'::text[]`),
    sent_at: timestamp('sent_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: CAPTURED_MAIL_STATUSES }).notNull(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('captured_mails_message_unique').on(t.user_id, t.message_id),
    index('captured_mails_inbox_idx').on(t.user_id, t.status, t.created_at),
    check('captured_mails_status_known', sql`${t.status} IN (${oneOf(CAPTURED_MAIL_STATUSES)})`),
    check('captured_mails_direction_known', sql`${t.direction} IN (${oneOf(MAIL_DIRECTIONS)})`),
  ],
);

/**
 * A touch on a list's row: a mail captured (sent or received) or a call, meeting or message logged by hand, by
 * its author. Its text (`body`: a mail's snippet, a touch's note) is the author's; the other members of the list see
 * it only when `shared` (a touch logged by hand is shared, a captured mail is not until its author shares it). A
 * mail is logged once per row: the same Message-ID twice on one row is refused by the database.
 */
export const rowTouches = pgTable(
  'row_touches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    list_id: integer('list_id').notNull(),
    investor_id: integer('investor_id'),
    fund_id: integer('fund_id'),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: TOUCH_KINDS }).notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull().default(''),
    shared: boolean('shared').notNull().default(false),
    /** `[{address, name}]`: whom the mail was with. */
    participants: jsonb('participants').$type<Array<{ address: string; name: string }>>().notNull().default([]),
    /** A captured mail's: 'exact' (its address on the row) or 'likely' (its domain, the firm's website). */
    match: text('match', { enum: ['exact', 'likely'] }),
    message_id: text('message_id'),
    mail_id: bigint('mail_id', { mode: 'number' }).references(() => capturedMails.id, { onDelete: 'set null' }),
    happened_at: timestamp('happened_at', { withTimezone: true }).notNull(),
    created_at: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.list_id, t.investor_id], foreignColumns: [listInvestors.list_id, listInvestors.investor_id] }).onDelete('cascade'),
    foreignKey({ columns: [t.list_id, t.fund_id], foreignColumns: [listFunds.list_id, listFunds.fund_id] }).onDelete('cascade'),
    check('row_touches_one_row', sql`(${t.investor_id} IS NULL) <> (${t.fund_id} IS NULL)`),
    check('row_touches_kind_known', sql`${t.kind} IN (${oneOf(TOUCH_KINDS)})`),
    check('row_touches_body_length', sql`char_length(${t.body}) <= 2000`),
    index('row_touches_investor_idx').on(t.list_id, t.investor_id, t.happened_at),
    index('row_touches_fund_idx').on(t.list_id, t.fund_id, t.happened_at),
    uniqueIndex('row_touches_message_unique')
      .on(t.list_id, t.investor_id, t.message_id)
      .where(sql`${t.message_id} IS NOT NULL`),
    index('row_touches_mail_idx').on(t.mail_id),
  ],
);

/** Bytes as PostgreSQL keeps them (a deck's PDF): a Buffer in, a Buffer or Uint8Array out, by driver. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** A founder's deck (issue 47): its versions are the PDFs, its links what she sends. Deleted with its versions, links and views. */
export const decks = pgTable(
  'decks',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('decks_user_idx').on(t.user_id)],
);

/** One PDF of a deck, its bytes in the database (every instance serves them, a backup holds them). */
export const deckVersions = pgTable(
  'deck_versions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    deck_id: integer('deck_id')
      .notNull()
      .references(() => decks.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    file_name: text('file_name').notNull(),
    bytes: integer('bytes').notNull(),
    page_count: integer('page_count').notNull(),
    sha256: text('sha256').notNull(),
    file_id: bigint('file_id', { mode: 'number' })
      .notNull()
      .references(() => deckFiles.id),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('deck_versions_deck_version_unique').on(t.deck_id, t.version), index('deck_versions_file_idx').on(t.file_id)],
);

/**
 * A PDF's bytes, in chunks of DECK_CHUNK_BYTES: each written and read by a statement of its own, so that no one
 * statement holds PGlite (and the event loop it runs on) for long. Written before the version that names it; a deck
 * deleted takes its files with it (link-store.ts: deleteDeck).
 */
export const deckFiles = pgTable('deck_files', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  bytes: integer('bytes').notNull(),
  created_at: createdAt(),
});

export const deckFileChunks = pgTable(
  'deck_file_chunks',
  {
    file_id: bigint('file_id', { mode: 'number' })
      .notNull()
      .references(() => deckFiles.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.file_id, t.seq] })],
);

/**
 * A link to a deck: its token (192 random bits, base64url) is the viewer's credential. A row's link names the list
 * and investor it was made for (the list gone: none); a pinned version, or null for the deck's latest.
 */
export const deckLinks = pgTable(
  'deck_links',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    deck_id: integer('deck_id')
      .notNull()
      .references(() => decks.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    name: text('name'),
    list_id: integer('list_id').references(() => lists.id, { onDelete: 'set null' }),
    investor_id: integer('investor_id'),
    version_id: integer('version_id').references(() => deckVersions.id, { onDelete: 'cascade' }),
    require_email: boolean('require_email').notNull().default(true),
    email: text('email'),
    expires_at: timestamp('expires_at', { withTimezone: true }),
    allow_download: boolean('allow_download').notNull().default(false),
    watermark: boolean('watermark').notNull().default(false),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    /** When "NAME opened your deck" was last mailed for it: claimed by one instance, at most once an hour. */
    opened_mailed_at: timestamp('opened_mailed_at', { withTimezone: true }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('deck_links_token_unique').on(t.token),
    index('deck_links_deck_idx').on(t.deck_id),
    index('deck_links_row_idx').on(t.list_id, t.investor_id),
  ],
);

/**
 * One opening of a link past its gate: the version shown, the e-mail given, its key's hash (the key goes to the
 * viewer once), the last beacon's number and the time counted. No address of the viewer is kept.
 */
export const deckViews = pgTable(
  'deck_views',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    link_id: integer('link_id')
      .notNull()
      .references(() => deckLinks.id, { onDelete: 'cascade' }),
    version_id: integer('version_id')
      .notNull()
      .references(() => deckVersions.id, { onDelete: 'cascade' }),
    email: text('email'),
    key_hash: text('key_hash').notNull(),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    last_read_at: timestamp('last_read_at', { withTimezone: true }),
    last_seq: integer('last_seq').notNull().default(0),
    counted_ms: bigint('counted_ms', { mode: 'number' }).notNull().default(0),
    /** When the row's deck line was last told of this view (a view's first time read, then at most each minute). */
    row_told_at: timestamp('row_told_at', { withTimezone: true }),
  },
  (t) => [index('deck_views_link_idx').on(t.link_id, t.started_at)],
);

/** Time read on each page of a view, and the order pages were first read in (the beacon's number, then its place). */
export const deckViewPages = pgTable(
  'deck_view_pages',
  {
    view_id: bigint('view_id', { mode: 'number' })
      .notNull()
      .references(() => deckViews.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    ms: bigint('ms', { mode: 'number' }).notNull(),
    first_read: integer('first_read').notNull(),
  },
  (t) => [primaryKey({ columns: [t.view_id, t.page] })],
);

/**
 * Each list's version: a count of the statements that wrote its events, moved on by the database (migration 0020's
 * trigger on list_events) in the transaction of every change of the list, on any instance. Unlike its newest event
 * id, which the week's sweep of list_events can bring back, it never goes back: what was counted at a version
 * stands while the version does. A list no event was written for since that migration has none (version 0).
 */
export const listVersions = pgTable('list_versions', {
  list_id: integer('list_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * Each investor list's part of the Round page (round/list-parts.ts) as last counted: kept here too, so that an
 * instance that starts, or another one, sums the parts counted before instead of counting every list anew. A part
 * is used only at the version it was counted at (its list's version, list_versions, and the catalogue's), and is
 * forgotten PART_KEPT_MS after it was counted; it holds figures, ids and times, no text of a note or mail.
 */
export const roundListParts = pgTable('round_list_parts', {
  list_id: integer('list_id')
    .primaryKey()
    .references(() => lists.id, { onDelete: 'cascade' }),
  /** The part's format, the list's version and the catalogue's the part was counted at. */
  version: text('version').notNull(),
  counted_at: timestamp('counted_at', { withTimezone: true }).notNull(),
  /** The part as JSON text (read whole, and parsed where it is used). */
  part: text('part').notNull(),
});

/**
 * What the Round page counts of each investor row from its activity, touches and notes (round/round-facts.ts), kept
 * by the database (migration 0021's triggers) in the transaction of every statement writing those, so that a list's
 * part sums its rows instead of reading their whole history. Times are null where there is none. A row's removal
 * removes its facts.
 */
export const roundRowFacts = pgTable(
  'round_row_facts',
  {
    list_id: integer('list_id').notNull(),
    investor_id: integer('investor_id').notNull(),
    /** The furthest funnel place (1 Lead … 5 Committed) its 'stage' entries since its addition went from or to. */
    reached: integer('reached'),
    /** Its first 'stage' entry to Contacted or further, and to Meeting or further; its last one; its last to Meeting. */
    stage_contacted_at: timestamp('stage_contacted_at', { withTimezone: true }),
    stage_answered_at: timestamp('stage_answered_at', { withTimezone: true }),
    stage_last_at: timestamp('stage_last_at', { withTimezone: true }),
    met_at: timestamp('met_at', { withTimezone: true }),
    /** Whether an 'amount' entry was logged since its addition (its amounts then have a history). */
    amount_logged: boolean('amount_logged').notNull().default(false),
    /** Its first touch, its first reply received, its last reply or meeting logged. */
    touch_first_at: timestamp('touch_first_at', { withTimezone: true }),
    reply_first_at: timestamp('reply_first_at', { withTimezone: true }),
    engaged_last_at: timestamp('engaged_last_at', { withTimezone: true }),
    /** Its last note. */
    note_last_at: timestamp('note_last_at', { withTimezone: true }),
    /**
     * Its 'stage' and 'amount' entries since its addition, oldest first, as JSON: [[at (ms), action, from, to], …]
     * (migration 0022), which the weekly sums of the amounts replay; null for none.
     */
    steps: json('steps').$type<Array<[number, string, string | null, string | null]>>(),
  },
  (t) => [
    primaryKey({ columns: [t.list_id, t.investor_id] }),
    foreignKey({ columns: [t.list_id, t.investor_id], foreignColumns: [listInvestors.list_id, listInvestors.investor_id] }).onDelete('cascade'),
  ],
);
