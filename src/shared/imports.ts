// A spreadsheet imported into an investor list. The browser reads the file and maps its columns and values;
// the server checks every row again, matches it to the catalogue, and lands all rows or none.
//   POST   /lists/{id}/imports/preview   {rows: ImportRow[]}                       -> {rows: PreviewRow[]}
//   POST   /lists/{id}/imports           {file_name, rows: ImportCommitRow[]}      -> 201 ImportResult (Idempotency-Key)
//   GET    /lists/{id}/imports                                                     -> UndoableImport[]
//   DELETE /lists/{id}/imports/{importId}                                          -> UndoResult; 410 after UNDO_HOURS
import type { PipelineStage } from './pipeline.js';
import type { ContactInput } from './contacts.js';
import type { Person } from './teams.js';

export const importsPath = (listId: number) => `/lists/${listId}/imports`;
export const importPreviewPath = (listId: number) => `/lists/${listId}/imports/preview`;
export const importPath = (listId: number, importId: number) => `/lists/${listId}/imports/${importId}`;

/** Said before anything is read. */
export const IMPORT_MAX_ROWS = 5000;
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** How long Undo import is offered. */
export const IMPORT_UNDO_HOURS = 24;
/** Candidates answered for a row without a match. */
export const IMPORT_CANDIDATES_MAX = 3;

/** What a row brings to the list's pipeline; each value already parsed by the browser, checked again by the server. */
export interface ImportPipelineValues {
  stage?: PipelineStage | null;
  /** Whole US dollars. */
  amount?: number | null;
  /** YYYY-MM-DD. */
  follow_up_on?: string | null;
  note?: string | null;
}

/** One row of the file as mapped: the investor fields it has (names may be empty: a row may have only an e-mail). */
export type ImportRow = Partial<ContactInput> & { pipeline?: ImportPipelineValues };

export type MatchConfidence = 'exact' | 'likely';
/** What a match was made on: the e-mail (exact), website domain and last name, or name and firm (likely). */
export type MatchBasis = 'email' | 'domain_and_last_name' | 'name_and_firm';

export interface ImportMatch {
  investor_id: number;
  confidence: MatchConfidence;
  by: MatchBasis;
}

/** A catalogue investor offered for a row: enough to tell them apart. */
export interface ImportCandidate {
  investor_id: number;
  first_name: string;
  last_name: string;
  firm_name: string;
  contact_title: string;
  email: string;
  city: string;
  country: string;
}

export interface ImportRowError {
  field: string;
  detail: string;
}

export interface PreviewRow {
  /** Numbered from 0 in the order sent. */
  row: number;
  match: ImportMatch | null;
  /** The match first when there is one, then up to IMPORT_CANDIDATES_MAX by name. */
  candidates: ImportCandidate[];
  /** The first earlier row of the file naming the same investor, or null. */
  duplicate_of_row: number | null;
  /** The matched investor is on the list already: linking it updates its pipeline fields. */
  on_list: boolean;
  errors: ImportRowError[];
}

export type ImportDecision = { action: 'link'; investor_id: number } | { action: 'create' } | { action: 'skip' };
export type ImportCommitRow = ImportRow & { decision: ImportDecision };

export interface ImportResult {
  id: number;
  /** Catalogue investors added to the list. */
  added: number;
  /** Private contacts created and added. */
  created: number;
  /** Rows on the list already whose pipeline fields were updated. */
  updated: number;
  skipped: number;
}

/** An import of the list that can still be undone (GET /lists/{id}/imports, newest first). */
/** Another member's work on the rows an undo would remove, which goes with them: their notes and pipeline changes. */
export interface OthersWork {
  user: Person;
  notes: number;
  changes: number;
}

export interface UndoableImport extends ImportResult {
  file_name: string;
  created_at: string;
  /** Who imported it; null once their account is deleted. */
  user: Person | null;
  /** created_at + IMPORT_UNDO_HOURS. */
  undo_until: string;
  /** Whether the caller may undo it: the member who imported it, or the list's owner. */
  can_undo: boolean;
  /** Other members' (not the caller's) notes and changes on the rows its undo would remove, to name before undoing. */
  others_work: OthersWork[];
}

/** What an undo did, and what it kept. */
export interface UndoResult {
  /** Rows taken off the list. */
  removed: number;
  /** Rows whose pipeline fields were put back. */
  restored: number;
  notes_deleted: number;
  /** Private contacts it created, the caller's, deleted. */
  contacts_deleted: number;
  kept: {
    /** Rows it added that were removed and added again by hand since: they stay. */
    rows: number;
    /** Private contacts it created that stay: on a list now, or another member's. */
    contacts: number;
  };
}

export const UNDO_MESSAGES = {
  notYours: "Only the member who imported it or the list's owner can undo this import",
} as const;

/** The largest request body of a preview or an import: the mapped rows of a file of IMPORT_MAX_BYTES, with room for JSON's keys. */
export const IMPORT_BODY_MAX_BYTES = 8 * 1024 * 1024;
/** Imports one account may send an hour, and previews (each matches up to IMPORT_MAX_ROWS rows). */
export const IMPORTS_PER_HOUR = 30;
export const IMPORT_PREVIEWS_PER_HOUR = 120;
/** The longest file name an import keeps. */
export const IMPORT_FILE_NAME_MAX = 255;
