import { useId, useState, type ChangeEvent } from 'react';
import { Alert, Box, Button, FormControlLabel, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { formatCountOf } from '@/lib/format';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@/shared/imports';
import { readFile, readPasted } from '../import/read-file';
import type { ReadSpreadsheet } from '../import/read-spreadsheet';
import { ImportStep, SlowProgress } from './ImportStep';

/** A file read, as the wizard keeps it. */
export interface ChosenFile {
  name: string;
  read: ReadSpreadsheet;
  /** The sheet imported (a CSV or pasted cells have one). */
  sheet: number;
}

export const IMPORT_LIMITS_TEXT = `CSV, XLSX or cells pasted from a spreadsheet · at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows and ${IMPORT_MAX_BYTES / (1024 * 1024)} MB`;

const ENCODING_NAMES: Record<string, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16',
  'utf-16be': 'UTF-16',
  'windows-1252': 'Windows-1252 (Excel)',
};

const DELIMITER_NAMES: Record<string, string> = { ',': 'commas', ';': 'semicolons', '\t': 'tabs' };

function whatWasRead({ read, sheet }: ChosenFile): string {
  const table = read.sheets[sheet].table;
  const size = table ? `${formatCountOf(table.rows.length, 'row')} · ${formatCountOf(table.headers.length, 'column')}` : '';
  const how = read.encoding && read.delimiter ? ` · ${ENCODING_NAMES[read.encoding]}, separated by ${DELIMITER_NAMES[read.delimiter]}` : '';
  return size + how;
}

export interface ImportFileStepProps {
  chosen: ChosenFile | null;
  onChosen: (chosen: ChosenFile) => void;
  onCancel: () => void;
  onNext: () => void;
}

/** Step 1: the founder chooses a file or pastes cells; it is read in a worker, and a workbook's sheet is chosen. */
export function ImportFileStep({ chosen, onChosen, onCancel, onNext }: ImportFileStepProps) {
  const [reading, setReading] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');
  const sheetLabel = useId();

  const take = async (name: string, answer: Promise<Awaited<ReturnType<typeof readFile>>>) => {
    setReading(name);
    setError(null);
    const read = await answer.catch(() => ({ ok: false as const, message: 'This file could not be read. Please choose it again.' }));
    setReading(null);
    // A file refused leaves the one chosen before as it was.
    if (!read.ok) return setError(read.message);
    const { sheets } = read.result;
    const first = sheets.findIndex((sheet) => sheet.table);
    if (first === -1) return setError(sheets.length === 1 ? (sheets[0].error ?? null) : 'No sheet of this workbook has rows to import.');
    onChosen({ name, read: read.result, sheet: first });
  };

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void take(file.name, readFile(file));
  };

  const sheet = chosen?.read.sheets[chosen.sheet];
  return (
    <ImportStep
      title="The file"
      back={{ label: 'Cancel', onClick: onCancel }}
      next={{ label: 'Next', onClick: onNext, disabled: !sheet?.table || reading !== null }}
    >
      <Typography variant="body2" color="text.secondary">
        {IMPORT_LIMITS_TEXT}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Button component="label" variant="outlined" startIcon={<UploadFileOutlinedIcon />} disabled={reading !== null}>
          Choose a file
          <input hidden type="file" accept=".csv,.tsv,.txt,.xlsx" onChange={chooseFile} />
        </Button>
        {chosen && !reading && (
          <Typography variant="body2" aria-live="polite">
            <strong>{chosen.name}</strong> · {whatWasRead(chosen)}
          </Typography>
        )}
      </Box>
      <TextField
        label="Or paste cells from a spreadsheet"
        multiline
        minRows={3}
        maxRows={8}
        value={pasted}
        onChange={(event) => setPasted(event.target.value)}
        slotProps={{ htmlInput: { spellCheck: false, sx: { fontFamily: 'monospace', fontSize: 13 } } }}
      />
      <Box>
        <Button variant="outlined" disabled={pasted.trim() === '' || reading !== null} onClick={() => void take('Pasted cells', readPasted(pasted))}>
          Use the pasted cells
        </Button>
      </Box>
      <SlowProgress pending={reading !== null} label={`Reading ${reading ?? ''}…`} />
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {chosen && chosen.read.sheets.length > 1 && (
        <Box>
          <Typography id={sheetLabel} variant="subtitle2" component="p">
            This workbook has {chosen.read.sheets.length} sheets. Which one holds the investors?
          </Typography>
          <RadioGroup aria-labelledby={sheetLabel} value={String(chosen.sheet)} onChange={(event) => onChosen({ ...chosen, sheet: Number(event.target.value) })}>
            {chosen.read.sheets.map((option, index) => (
              <FormControlLabel
                key={option.name}
                value={String(index)}
                control={<Radio />}
                label={option.table ? `${option.name} (${formatCountOf(option.table.rows.length, 'row')})` : `${option.name} (${option.error})`}
              />
            ))}
          </RadioGroup>
        </Box>
      )}
      {sheet?.error && <Alert severity="warning">{sheet.error}</Alert>}
    </ImportStep>
  );
}
