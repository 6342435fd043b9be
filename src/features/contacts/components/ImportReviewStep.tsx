import { memo, useMemo, useState } from 'react';
import { Alert, Box, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { badgeColor, NEUTRAL_BADGE } from '@/components/Badge';
import { Pagination } from '@/components/Pagination';
import { usePhoneLayout } from '@/lib/use-phone-layout';
import type { ImportCandidate, ImportDecision, MatchBasis } from '@/shared/imports';
import { canCreate, countsText, reviewCounts, type ReviewRow } from '../import/review';
import { ImportStep, SlowProgress } from './ImportStep';

const PAGE_SIZE = 50;

const BASIS_TEXT: Record<MatchBasis, string> = {
  email: 'same e-mail',
  domain_and_last_name: 'same website and last name',
  name_and_firm: 'same name and firm',
};

/** The badges' own colours (soft background, strong text: AA contrast): blue, green and orange. */
const TONES = ['likely', 'exact', 'flag'] as const;

function Tag({ tone, children }: { tone?: (typeof TONES)[number]; children: string }) {
  const color = tone ? badgeColor(TONES, tone) : NEUTRAL_BADGE;
  return (
    <Box component="span" sx={{ px: 1, py: '2px', borderRadius: 4, fontSize: 12, fontWeight: 500, lineHeight: '18px' }} style={{ backgroundColor: color.bg, color: color.fg }}>
      {children}
    </Box>
  );
}

const candidateName = (candidate: ImportCandidate) =>
  [`${candidate.first_name} ${candidate.last_name}`.trim(), candidate.firm_name].filter(Boolean).join(' · ');

function fileName(row: ReviewRow): string {
  const name = [row.row.first_name, row.row.last_name].filter(Boolean).join(' ');
  return name || row.row.email || 'No name';
}

const decisionValue = (decision: ImportDecision) => (decision.action === 'link' ? `link:${decision.investor_id}` : decision.action);

function decisionOf(value: string): ImportDecision {
  if (value.startsWith('link:')) return { action: 'link', investor_id: Number(value.slice(5)) };
  return value === 'create' ? { action: 'create' } : { action: 'skip' };
}

interface RowViewProps {
  row: ReviewRow;
  decision: ImportDecision;
  /** The spreadsheet row number of each row sent, by its index. */
  lines: readonly number[];
  onDecision: (index: number, decision: ImportDecision) => void;
}

/** What the catalogue made of the row: its match and why, a repeat, on the list already, or its errors. */
function MatchCell({ row, lines }: Pick<RowViewProps, 'row' | 'lines'>) {
  const { match, duplicate_of_row: repeatOf, on_list: onList, candidates } = row.preview;
  if (row.allErrors.length > 0) {
    return (
      <Box sx={{ color: 'error.main' }}>
        {row.allErrors.map((error) => (
          <Typography key={`${error.field}:${error.detail}`} variant="body2">
            {error.detail}
          </Typography>
        ))}
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, alignItems: 'center' }}>
      {match ? (
        <Tag tone={match.confidence === 'exact' ? 'exact' : 'likely'}>{`${match.confidence === 'exact' ? 'Exact' : 'Likely'}: ${BASIS_TEXT[match.by]}`}</Tag>
      ) : (
        <Tag>{candidates.length > 0 ? `No match · ${candidates.length} similar` : 'No match'}</Tag>
      )}
      {onList && <Tag tone="flag">On the list</Tag>}
      {repeatOf !== null && <Tag tone="flag">{`Repeat of row ${lines[repeatOf] ?? repeatOf + 1}`}</Tag>}
    </Box>
  );
}

function DecisionSelect({ row, decision, onDecision }: Omit<RowViewProps, 'lines'>) {
  if (row.allErrors.length > 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        Skipped
      </Typography>
    );
  }
  const { match, on_list: onList, candidates } = row.preview;
  const creatable = canCreate(row);
  return (
    <TextField
      select
      size="small"
      fullWidth
      label="Import as"
      value={decisionValue(decision)}
      onChange={(event) => onDecision(row.index, decisionOf(event.target.value))}
      slotProps={{ select: { native: true }, htmlInput: { 'aria-label': `Row ${row.line}: import as` } }}
    >
      {candidates.map((candidate) => (
        <option key={candidate.investor_id} value={`link:${candidate.investor_id}`}>
          {onList && candidate.investor_id === match?.investor_id ? 'Update on the list: ' : 'Add '}
          {candidateName(candidate)}
        </option>
      ))}
      <option value="create" disabled={!creatable}>
        {creatable ? 'Create private contact' : 'Create private contact (needs a first and last name)'}
      </option>
      <option value="skip">Skip</option>
    </TextField>
  );
}

function InFile({ row }: { row: ReviewRow }) {
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {fileName(row)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {[row.row.firm_name, row.row.email].filter(Boolean).join(' · ')}
      </Typography>
    </>
  );
}

const ReviewTableRow = memo(function ReviewTableRow({ row, decision, lines, onDecision }: RowViewProps) {
  return (
    <TableRow>
      <TableCell>{row.line}</TableCell>
      <TableCell>
        <InFile row={row} />
      </TableCell>
      <TableCell>
        <MatchCell row={row} lines={lines} />
      </TableCell>
      <TableCell sx={{ minWidth: 240 }}>
        <DecisionSelect row={row} decision={decision} onDecision={onDecision} />
      </TableCell>
    </TableRow>
  );
});

const ReviewCard = memo(function ReviewCard({ row, decision, lines, onDecision }: RowViewProps) {
  return (
    <Box component="li" sx={{ display: 'grid', gap: 1, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Typography variant="caption" color="text.secondary">
        Row {row.line}
      </Typography>
      <Box>
        <InFile row={row} />
      </Box>
      <MatchCell row={row} lines={lines} />
      <DecisionSelect row={row} decision={decision} onDecision={onDecision} />
    </Box>
  );
});

export interface ImportReviewStepProps {
  /** Null while the server matches the rows. */
  rows: readonly ReviewRow[] | null;
  decisions: readonly ImportDecision[];
  onDecision: (index: number, decision: ImportDecision) => void;
  /** Why the rows could not be matched. */
  error?: string;
  onRetry: () => void;
  onBack: () => void;
  onNext: () => void;
}

/** Step 4: every row with its match in the catalogue and what it will be, paged by 50; the errors first. */
export function ImportReviewStep({ rows, decisions, onDecision, error, onRetry, onBack, onNext }: ImportReviewStepProps) {
  const phone = usePhoneLayout();
  const [page, setPage] = useState(1);
  const counts = rows ? reviewCounts(rows, decisions) : null;
  const lines = useMemo(() => rows?.map((row) => row.line) ?? [], [rows]);
  const inError = rows?.filter((row) => row.allErrors.length > 0) ?? [];
  const shown = rows?.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE) ?? [];
  const nothingToImport = counts !== null && counts.matched + counts.created === 0;
  return (
    <ImportStep
      title="Review"
      back={{ onClick: onBack }}
      next={error ? { label: 'Try again', onClick: onRetry } : { label: 'Next', onClick: onNext, disabled: !rows || nothingToImport }}
    >
      <SlowProgress pending={!rows && !error} label="Matching your rows with the catalogue…" />
      {error && <Alert severity="error">{error}</Alert>}
      {counts && (
        <Typography variant="subtitle1" component="p" aria-live="polite" sx={{ fontWeight: 600 }}>
          {countsText(counts)}
        </Typography>
      )}
      {nothingToImport && <Alert severity="info">Nothing to import: every row is skipped.</Alert>}
      {inError.length > 0 && (
        <Alert severity="warning" component="section" role="region" aria-label="Rows with errors">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {inError.length === 1 ? '1 row has an error and is skipped' : `${inError.length} rows have errors and are skipped`}. Fix them in
            your file and import it again to add them.
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5, maxHeight: 160, overflowY: 'auto' }}>
            {inError.map((row) => (
              <li key={row.index}>
                <Typography variant="body2">
                  Row {row.line}: {row.allErrors.map((rowError) => rowError.detail).join('; ')}
                </Typography>
              </li>
            ))}
          </Box>
        </Alert>
      )}
      {rows &&
        (phone ? (
          <Box component="ul" aria-label="Rows of the file" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {shown.map((row) => (
              <ReviewCard key={row.index} row={row} decision={decisions[row.index]} lines={lines} onDecision={onDecision} />
            ))}
          </Box>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Rows of the file">
              <TableHead>
                <TableRow>
                  <TableCell>Row</TableCell>
                  <TableCell>In your file</TableCell>
                  <TableCell>In the catalogue</TableCell>
                  <TableCell>Import as</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((row) => (
                  <ReviewTableRow key={row.index} row={row} decision={decisions[row.index]} lines={lines} onDecision={onDecision} />
                ))}
              </TableBody>
            </Table>
          </Box>
        ))}
      {rows && <Pagination page={page} pageCount={Math.ceil(rows.length / PAGE_SIZE)} onPageChange={setPage} />}
    </ImportStep>
  );
}
