import { Alert, Typography } from '@mui/material';
import { AppButton } from '@/components/AppButton/AppButton';
import { formatCount, formatCountOf } from '@/lib/format';
import type { ImportResult } from '@/shared/imports';
import type { ReviewCounts } from '../import/review';
import { ImportStep, SlowProgress } from './ImportStep';

/** "Added 118 from the catalogue, created 2 private contacts, updated 3, skipped 4" */
export function resultText({ added, created, updated, skipped }: ImportResult): string {
  return `Added ${formatCount(added)} from the catalogue, created ${formatCountOf(created, 'private contact')}, updated ${formatCount(updated)}, skipped ${formatCount(skipped)}`;
}

export interface ImportFinalStepProps {
  listName: string;
  counts: ReviewCounts;
  online: boolean;
  importing: boolean;
  error?: string;
  result: ImportResult | null;
  undone: boolean;
  undoing: boolean;
  undoError?: string;
  onImport: () => void;
  onUndo: () => void;
  onBack: () => void;
  onDone: () => void;
}

/** Step 5: the import itself (all rows or none), its result, and Undo import. */
export function ImportFinalStep(props: ImportFinalStepProps) {
  const { listName, counts, online, importing, error, result, undone, undoing, undoError, onImport, onUndo, onBack, onDone } = props;
  if (result) {
    return (
      <ImportStep
        title={undone ? 'Import undone' : 'Imported'}
        extra={
          !undone && (
            <AppButton variant="secondary" onClick={onUndo} disabled={undoing}>
              Undo import
            </AppButton>
          )
        }
        next={{ label: 'Done', onClick: onDone, disabled: undoing }}
      >
        <Typography role="status">
          {undone ? `The import was undone: ${listName} is as it was before.` : `${resultText(result)}.`}
        </Typography>
        {!undone && (
          <Typography variant="body2" color="text.secondary">
            You can undo this import for 24 hours.
          </Typography>
        )}
        <SlowProgress pending={undoing} label="Undoing the import…" />
        {undoError && <Alert severity="error">{undoError}</Alert>}
      </ImportStep>
    );
  }
  const rows = counts.matched + counts.created;
  return (
    <ImportStep
      title="Import"
      back={{ onClick: onBack }}
      next={{ label: `Import ${formatCountOf(rows, 'row')}`, onClick: onImport, disabled: !online || importing }}
    >
      <Typography>
        Into {listName}: {formatCount(counts.matched)} from the catalogue (or updated on the list), {formatCountOf(counts.created, 'new private contact')};{' '}
        {formatCount(counts.skipped + counts.errors)} skipped.
      </Typography>
      <Typography variant="body2" color="text.secondary">
        All rows land or none. You can undo the import for 24 hours.
      </Typography>
      {!online && <Alert severity="info">You are offline. The import needs a connection: everything you chose is kept until you are back online.</Alert>}
      <SlowProgress pending={importing} label={`Importing ${formatCount(rows)} rows…`} />
      {error && <Alert severity="error">{error}</Alert>}
    </ImportStep>
  );
}
