import { useId } from 'react';
import { Alert, Box, FormControlLabel, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import { labelledOptions } from '@/components/FormSelect/labelled-options';
import { PIPELINE_STAGE_LABELS, PIPELINE_STAGES, type PipelineStage } from '@/shared/pipeline';
import { DATE_ORDER_LABELS, type DateOrder } from '../import/dates';
import type { MappedRow } from '../import/map-rows';
import { ImportStep } from './ImportStep';

export interface ImportValuesStepProps {
  /** Each distinct status with its row count. */
  statuses: ReadonlyMap<string, number>;
  stages: ReadonlyMap<string, PipelineStage>;
  onStageChange: (status: string, stage: PipelineStage) => void;
  /** Whether the file's slash dates read either way and no date decides. */
  askDateOrder: boolean;
  /** The order the file's dates decided, or the one the founder chose. */
  dateOrder: DateOrder | null;
  onDateOrderChange: (order: DateOrder) => void;
  /** The rows as read with these choices, for the amounts and dates that could not be read. */
  rows: readonly MappedRow[];
  onBack: () => void;
  onNext: () => void;
  /** Why Next cannot go on (offline), if it cannot. */
  blocked?: string;
}

function unreadable(rows: readonly MappedRow[], field: 'amount' | 'follow_up_on'): number {
  return rows.filter((row) => row.errors.some((error) => error.field === field)).length;
}

/** Step 3: the stage each status means, the order of the file's dates, and what could not be read. */
export function ImportValuesStep(props: ImportValuesStepProps) {
  const { statuses, stages, onStageChange, askDateOrder, dateOrder, onDateOrderChange, rows, onBack, onNext, blocked } = props;
  const orderLabel = useId();
  const badAmounts = unreadable(rows, 'amount');
  const badDates = unreadable(rows, 'follow_up_on');
  const nothing = statuses.size === 0 && !askDateOrder && badAmounts + badDates === 0;
  return (
    <ImportStep
      title="Values"
      back={{ onClick: onBack }}
      next={{ label: 'Next', onClick: onNext, disabled: (askDateOrder && !dateOrder) || Boolean(blocked) }}
    >
      {nothing && (
        <Typography variant="body2" color="text.secondary">
          Nothing to check here: every value can be read as it is.
        </Typography>
      )}
      {statuses.size > 0 && (
        <Box component="section" aria-label="Statuses">
          <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
            The stage each status in your file means
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {[...statuses].map(([status, count]) => (
              <Box
                component="li"
                key={status}
                sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) 200px' }, alignItems: 'center', gap: 1 }}
              >
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {status}{' '}
                  <Typography component="span" variant="body2" color="text.secondary">
                    ({count} {count === 1 ? 'row' : 'rows'})
                  </Typography>
                </Typography>
                <TextField
                  select
                  size="small"
                  label={`Stage for ${status}`}
                  value={stages.get(status) ?? 'lead'}
                  onChange={(event) => onStageChange(status, event.target.value as PipelineStage)}
                >
                  {labelledOptions(PIPELINE_STAGES, PIPELINE_STAGE_LABELS)}
                </TextField>
              </Box>
            ))}
          </Box>
        </Box>
      )}
      {askDateOrder && (
        <Box>
          <Typography id={orderLabel} variant="subtitle2" component="p">
            Dates such as 03/04/2026 in this file: which comes first?
          </Typography>
          <RadioGroup row aria-labelledby={orderLabel} value={dateOrder ?? ''} onChange={(event) => onDateOrderChange(event.target.value as DateOrder)}>
            {(Object.keys(DATE_ORDER_LABELS) as DateOrder[]).map((order) => (
              <FormControlLabel key={order} value={order} control={<Radio />} label={DATE_ORDER_LABELS[order]} />
            ))}
          </RadioGroup>
        </Box>
      )}
      {badAmounts + badDates > 0 && (
        <Alert severity="warning">
          {[badAmounts > 0 && `${badAmounts} ${badAmounts === 1 ? 'amount' : 'amounts'}`, badDates > 0 && `${badDates} ${badDates === 1 ? 'date' : 'dates'}`]
            .filter(Boolean)
            .join(' and ')}{' '}
          could not be read. The review shows those rows with the reason; they are skipped.
        </Alert>
      )}
      {blocked && <Alert severity="info">{blocked}</Alert>}
    </ImportStep>
  );
}
