import { Alert, Box, TextField, Typography } from '@mui/material';
import { IMPORT_FIELD_LABELS, IMPORT_FIELDS, mappingProblems, type ImportField } from '../import/columns';
import type { SheetTable } from '../import/sheet-table';
import { labelledOptions } from '@/components/FormSelect/labelled-options';
import { ImportStep } from './ImportStep';

const SAMPLES = 3;

function samples(table: SheetTable, column: number): string[] {
  const found: string[] = [];
  for (const row of table.rows) {
    if (found.length === SAMPLES) break;
    if (row.cells[column] !== '') found.push(row.cells[column]);
  }
  return found;
}

export interface ImportColumnsStepProps {
  table: SheetTable;
  mapping: ImportField[];
  /** Whether the mapping was the one chosen for a file with the same headers. */
  remembered: boolean;
  onChange: (mapping: ImportField[]) => void;
  onBack: () => void;
  onNext: () => void;
}

/** Step 2: each column's header and first values, and the field it fills (guessed from its header). */
export function ImportColumnsStep({ table, mapping, remembered, onChange, onBack, onNext }: ImportColumnsStepProps) {
  const problems = mappingProblems(mapping);
  return (
    <ImportStep title="Columns" back={{ onClick: onBack }} next={{ label: 'Next', onClick: onNext, disabled: problems.length > 0 }}>
      <Typography variant="body2" color="text.secondary">
        {remembered
          ? 'The columns are matched as you chose for your last file with these headers. Change any that are wrong.'
          : 'Each column is matched to a field from its header. Change any that are wrong, or ignore a column.'}
      </Typography>
      <Box component="ul" aria-label="Columns of the file" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {table.headers.map((header, column) => (
          <Box
            component="li"
            key={column}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1.5fr) 220px' },
              alignItems: 'center',
              gap: { xs: 1, md: 2 },
              p: 1.5,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
            }}
          >
            <Typography variant="subtitle2" component="h4" sx={{ overflowWrap: 'anywhere' }}>
              {header}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {samples(table, column).join(' · ') || 'Empty'}
            </Typography>
            <TextField
              select
              size="small"
              label={`Field for ${header}`}
              value={mapping[column]}
              onChange={(event) => onChange(mapping.map((field, index) => (index === column ? (event.target.value as ImportField) : field)))}
            >
              {labelledOptions(IMPORT_FIELDS, IMPORT_FIELD_LABELS)}
            </TextField>
          </Box>
        ))}
      </Box>
      {problems.length > 0 && (
        <Alert severity="warning">
          {problems.map((problem) => (
            <div key={problem}>{problem}</div>
          ))}
        </Alert>
      )}
    </ImportStep>
  );
}
