import { useState } from 'react';
import { Stack, TextField } from '@mui/material';
import { AppButton } from '@/components/AppButton/AppButton';
import { Modal } from '@/components/Modal/Modal';
import type { Pipeline, PipelinePatch } from '@/shared/pipeline';

export interface FollowUpAmountDialogProps {
  /** Whose follow-up and amount, e.g. 'Ada Lovelace'; the dialog is open while this is set. */
  name: string | null;
  pipeline: Pipeline | null;
  onClose: () => void;
  /** Only the fields that changed. */
  onSave: (patch: Pick<PipelinePatch, 'follow_up_on' | 'amount'>) => void;
}

/** Whole US dollars: digits only, commas and a leading $ allowed; empty is none. */
export function parseAmount(text: string): number | null | 'invalid' {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (cleaned === '') return null;
  if (!/^\d{1,15}$/.test(cleaned)) return 'invalid';
  return Number(cleaned);
}

function Fields({ name, pipeline, onClose, onSave }: FollowUpAmountDialogProps & { pipeline: Pipeline }) {
  const [followUp, setFollowUp] = useState(pipeline.follow_up_on ?? '');
  const [amountText, setAmountText] = useState(pipeline.amount === null ? '' : String(pipeline.amount));
  const amount = parseAmount(amountText);
  const followUpValid = followUp === '' || /^\d{4}-\d{2}-\d{2}$/.test(followUp);
  const save = () => {
    if (amount === 'invalid' || !followUpValid) return;
    const patch: Pick<PipelinePatch, 'follow_up_on' | 'amount'> = {};
    const nextFollowUp = followUp === '' ? null : followUp;
    if (nextFollowUp !== pipeline.follow_up_on) patch.follow_up_on = nextFollowUp;
    if (amount !== pipeline.amount) patch.amount = amount;
    if (Object.keys(patch).length > 0) onSave(patch);
    onClose();
  };
  return (
    <Modal
      open
      onClose={onClose}
      title="Follow-up and amount"
      description={name ?? undefined}
      actions={
        <>
          <AppButton variant="secondary" onClick={onClose}>
            Cancel
          </AppButton>
          <AppButton variant="primary" type="submit" form="follow-up-amount-form" disabled={amount === 'invalid' || !followUpValid}>
            Save
          </AppButton>
        </>
      }
    >
      <Stack
        component="form"
        id="follow-up-amount-form"
        spacing={2.5}
        sx={{ pt: 1 }}
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <TextField
          label="Next follow-up"
          type="date"
          value={followUp}
          onChange={(event) => setFollowUp(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          helperText="Leave empty for none."
          error={!followUpValid}
          autoFocus
        />
        <TextField
          label="Amount (USD)"
          value={amountText}
          onChange={(event) => setAmountText(event.target.value)}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          error={amount === 'invalid'}
          helperText={amount === 'invalid' ? 'Enter whole dollars, e.g. 250000' : 'Whole dollars hoped for or promised; leave empty for none.'}
        />
      </Stack>
    </Modal>
  );
}

/** Sets a row's next follow-up date and amount. */
export function FollowUpAmountDialog(props: FollowUpAmountDialogProps) {
  if (props.name === null || props.pipeline === null) return null;
  return <Fields key={props.name} {...props} pipeline={props.pipeline} />;
}
