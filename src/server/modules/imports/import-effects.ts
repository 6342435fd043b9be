import type { PipelineStage } from '../../../shared/pipeline.js';

/** A list row's pipeline fields as they were before an import changed them. */
export interface PipelineBefore {
  stage: PipelineStage;
  follow_up_on: string | null;
  amount: number | null;
  stage_changed_at: string | null;
  follow_up_changed_at: string | null;
  amount_changed_at: string | null;
  updated_by: number | null;
}

/**
 * What an import did, stored with it (list_imports.effects) so that undo removes and puts back exactly that:
 * `at` is the time it wrote on every field it set; a field changed since keeps the later change.
 */
export interface ImportEffects {
  at: string;
  /** Catalogue investors (or contacts made before) it added to the list. */
  added: number[];
  /** Private contacts it created and added. */
  created: number[];
  /** Rows on the list already whose pipeline fields it changed, with those fields as they were. */
  updated: Array<{ investor_id: number; before: PipelineBefore }>;
  /** Notes it added to rows on the list already (those on rows it added go with the rows). */
  notes: number[];
  /** Rows it skipped, for the list's undoable imports (absent on imports stored before it was kept). */
  skipped?: number;
}
