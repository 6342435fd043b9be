// The spreadsheet import, in five steps: the file, its columns, its values, the review against the
// catalogue, the import. Lazy: its code (and csv-parse, read-excel-file in the worker) loads when opened.
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Box, Dialog, DialogContent, DialogTitle, IconButton, Step, StepLabel, Stepper, Typography } from '@mui/material';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import { apiErrorDetail } from '@/lib/api-client';
import { toastAction } from '@/lib/toast-action';
import { showToast } from '@/lib/toasts';
import { useOnlineStatus } from '@/lib/use-online-status';
import { usePhoneLayout } from '@/lib/use-phone-layout';
import { LIST_NAME_MAX } from '@/shared/form-rules';
import type { ImportDecision, ImportResult } from '@/shared/imports';
import type { PipelineStage } from '@/shared/pipeline';
import { useCommitImport, usePreviewImport, useUndoImport, type ListDataKeys } from '../api/imports';
import { guessMapping, type ImportField } from '../import/columns';
import { slashDateOrder, type DateOrder } from '../import/dates';
import { columnValues, distinctStatuses, mapRows, type MappedRow } from '../import/map-rows';
import { rememberMapping, rememberedMapping } from '../import/mapping-memory';
import { commitRows, defaultDecision, reviewCounts, reviewRows, type ReviewRow } from '../import/review';
import { guessStage } from '../import/stages';
import { ImportColumnsStep } from './ImportColumnsStep';
import { ImportFileStep, type ChosenFile } from './ImportFileStep';
import { ImportFinalStep, resultText } from './ImportFinalStep';
import { ImportReviewStep } from './ImportReviewStep';
import { ImportValuesStep } from './ImportValuesStep';

export const IMPORT_STEPS = ['The file', 'Columns', 'Values', 'Review', 'Import'] as const;

export interface ImportList {
  id: number;
  name: string;
}

export type ImportTarget =
  | { list: ImportList }
  /**
   * The sidebar's import: a new investor list named after the file, made when the rows are first matched,
   * and discarded if the wizard closes before any row landed in it (the founder would find an empty list she never made).
   */
  | { createList: (name: string) => Promise<ImportList>; discardList: (list: ImportList) => Promise<unknown> };

export interface ImportWizardProps {
  open: boolean;
  onClose: () => void;
  target: ImportTarget;
  listKeys: ListDataKeys;
  /** Once the rows have landed (the sidebar's import then opens the list). */
  onImported?: (list: ImportList) => void;
}

/** A file's name as a list's name: without its extension, within a list name's length. */
export function listNameOf(fileName: string): string {
  return (fileName.replace(/\.(csv|tsv|txt|xlsx)$/i, '').trim() || 'Imported investors').slice(0, LIST_NAME_MAX);
}

interface Preview {
  /** The mapped rows this preview answered, to tell when the founder's choices changed them. */
  of: readonly MappedRow[];
  rows: ReviewRow[];
  decisions: ImportDecision[];
}

export default function ImportWizard({ open, onClose, target, listKeys, onImported }: ImportWizardProps) {
  const phone = usePhoneLayout();
  const titleId = useId();
  const online = useOnlineStatus();
  const [step, setStep] = useState(0);
  const [chosen, setChosen] = useState<ChosenFile | null>(null);
  const [mapping, setMapping] = useState<ImportField[]>([]);
  const [remembered, setRemembered] = useState(false);
  const [stageChoices, setStageChoices] = useState<ReadonlyMap<string, PipelineStage>>(new Map());
  const [chosenOrder, setChosenOrder] = useState<DateOrder | null>(null);
  const [list, setList] = useState<ImportList | null>('list' in target ? target.list : null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewError, setPreviewError] = useState<string>();
  const [result, setResult] = useState<ImportResult | null>(null);
  const [undone, setUndone] = useState(false);
  const idempotency = useRef<{ body: string; key: string } | null>(null);
  /** The list this wizard made (the sidebar's import), until rows land in it. */
  const madeList = useRef<ImportList | null>(null);
  const closed = useRef(false);
  const previewImport = usePreviewImport();
  const commit = useCommitImport(listKeys);
  const undo = useUndoImport(listKeys);

  const table = chosen?.read.sheets[chosen.sheet].table ?? null;
  const statuses = useMemo(() => (table ? distinctStatuses(table, mapping) : new Map<string, number>()), [table, mapping]);
  const stages = useMemo(
    () => new Map([...statuses.keys()].map((status) => [status, stageChoices.get(status) ?? guessStage(status)])),
    [statuses, stageChoices],
  );
  const dates = useMemo(() => (table ? slashDateOrder(columnValues(table, mapping, 'follow_up_on')) : { order: null, ambiguous: false }), [table, mapping]);
  const askDateOrder = dates.ambiguous && dates.order === null;
  const dateOrder = dates.order ?? (askDateOrder ? chosenOrder : null);
  const mapped = useMemo(() => (table ? mapRows(table, mapping, { stages, dateOrder }) : []), [table, mapping, stages, dateOrder]);

  const choose = (next: ChosenFile) => {
    setChosen(next);
    const headers = next.read.sheets[next.sheet].table?.headers ?? [];
    const known = rememberedMapping(headers);
    setMapping(known ?? guessMapping(headers));
    setRemembered(known !== null);
  };

  const fileName = chosen?.name ?? '';

  async function matchRows() {
    setStep(3);
    if (preview?.of === mapped) return;
    setPreview(null);
    setPreviewError(undefined);
    try {
      let into = list;
      if (!into && 'createList' in target) {
        into = await target.createList(listNameOf(fileName));
        madeList.current = into;
        // Closed while the list was being made: it goes with the wizard.
        if (closed.current) return discardMadeList();
        setList(into);
      }
      if (!into) return;
      const answered = reviewRows(mapped, await previewImport.mutateAsync({ listId: into.id, rows: mapped.map((row) => row.row) }));
      setPreview({ of: mapped, rows: answered, decisions: answered.map(defaultDecision) });
    } catch (error) {
      setPreviewError(apiErrorDetail(error) ?? 'Your rows could not be matched with the catalogue. Check your connection and try again.');
    }
  }

  // Kept between renders: a decision changed redraws its row only.
  const decide = useCallback(
    (index: number, decision: ImportDecision) =>
      setPreview((current) => current && { ...current, decisions: current.decisions.map((old, at) => (at === index ? decision : old)) }),
    [],
  );

  function runImport() {
    if (!preview || !list) return;
    const rows = commitRows(preview.rows, preview.decisions);
    const body = JSON.stringify(rows);
    // The same rows keep their key, so a retry after a lost answer lands once; other rows are another import.
    if (idempotency.current?.body !== body) idempotency.current = { body, key: crypto.randomUUID() };
    // From here the list is the import's: closing while it lands must not delete it under the rows.
    madeList.current = null;
    commit.mutate(
      { listId: list.id, fileName, rows, idempotencyKey: idempotency.current.key },
      {
        onSuccess: (landed) => {
          setResult(landed);
          onImported?.(list);
          showToast(`${resultText(landed)} in ${list.name}`, {
            variant: 'success',
            autoHideDuration: 10_000,
            action: toastAction('Undo import', () => undoLanded(landed)),
          });
        },
      },
    );
  }

  function undoLanded(landed: ImportResult) {
    if (!list) return;
    undo.mutate({ listId: list.id, importId: landed.id, fileName }, { onSuccess: () => setUndone(true) });
  }

  /** The wizard is done with: a list it made for rows that never landed goes (now, or once it is made). */
  function discardMadeList() {
    closed.current = true;
    const made = madeList.current;
    madeList.current = null;
    // Not awaited: a list left behind by a failed delete is empty, and the founder's to delete.
    if (made && 'discardList' in target) void target.discardList(made).catch(() => undefined);
  }

  // Unmounted without closing (the phone's sidebar drawer closes with a new page, and the wizard in it).
  useEffect(() => {
    closed.current = false;
    return discardMadeList;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when it goes
  }, []);

  function close() {
    discardMadeList();
    onClose();
  }

  const steps = [
    <ImportFileStep key="file" chosen={chosen} onChosen={choose} onCancel={close} onNext={() => setStep(1)} />,
    table && (
      <ImportColumnsStep
        key="columns"
        table={table}
        mapping={mapping}
        remembered={remembered}
        onChange={setMapping}
        onBack={() => setStep(0)}
        onNext={() => {
          rememberMapping(table.headers, mapping);
          setStep(2);
        }}
      />
    ),
    <ImportValuesStep
      key="values"
      statuses={statuses}
      stages={stages}
      onStageChange={(status, stage) => setStageChoices((current) => new Map(current).set(status, stage))}
      askDateOrder={askDateOrder}
      dateOrder={dateOrder}
      onDateOrderChange={setChosenOrder}
      rows={mapped}
      onBack={() => setStep(1)}
      onNext={() => void matchRows()}
      blocked={online ? undefined : 'You are offline. Matching your rows with the catalogue needs a connection: everything you chose is kept.'}
    />,
    <ImportReviewStep
      key="review"
      rows={preview?.rows ?? null}
      decisions={preview?.decisions ?? []}
      onDecision={decide}
      error={previewError}
      onRetry={() => void matchRows()}
      onBack={() => setStep(2)}
      onNext={() => setStep(4)}
    />,
    preview && (
      <ImportFinalStep
        key="import"
        listName={list?.name ?? listNameOf(fileName)}
        counts={reviewCounts(preview.rows, preview.decisions)}
        online={online}
        importing={commit.isPending}
        error={commit.isError ? (apiErrorDetail(commit.error) ?? 'The import failed and nothing was added. Please try again.') : undefined}
        result={result}
        undone={undone}
        undoing={undo.isPending}
        undoError={undo.isError ? (apiErrorDetail(undo.error) ?? 'The import could not be undone. Please try again.') : undefined}
        onImport={runImport}
        onUndo={() => result && undoLanded(result)}
        onBack={() => setStep(3)}
        onDone={close}
      />
    ),
  ];

  const title = 'list' in target ? `Import a spreadsheet into ${target.list.name}` : 'Import a spreadsheet';
  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => reason !== 'backdropClick' && close()}
      fullScreen={phone}
      fullWidth
      maxWidth="lg"
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: phone ? undefined : { height: 'calc(100% - 64px)' } } }}
    >
      <DialogTitle id={titleId} sx={{ pr: 7, fontSize: '1.125rem', fontWeight: 600 }}>
        {title}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={close} size="small" sx={{ position: 'absolute', right: 14, top: 16, color: 'text.secondary' }}>
        <CloseRoundedIcon fontSize="small" />
      </IconButton>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        {phone ? (
          <Typography variant="body2" color="text.secondary">
            Step {step + 1} of {IMPORT_STEPS.length}: {IMPORT_STEPS[step]}
          </Typography>
        ) : (
          <Stepper activeStep={step} alternativeLabel>
            {IMPORT_STEPS.map((label) => (
              <Step key={label}>
                <StepLabel>{label}</StepLabel>
              </Step>
            ))}
          </Stepper>
        )}
        <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>{steps[step]}</Box>
      </DialogContent>
    </Dialog>
  );
}
