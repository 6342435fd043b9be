import { useState } from 'react';
import { Checkbox, FormControlLabel, FormGroup, Typography } from '@mui/material';
import { AppButton } from '@/components/AppButton/AppButton';
import { Modal } from '@/components/Modal/Modal';
import type { ListSummary, ListType } from '@/shared/api-types';
import { itemCount } from './item-noun';

export interface AddToListsDialogProps {
  open: boolean;
  onClose: () => void;
  listType: ListType;
  lists: readonly ListSummary[];
  selectedCount: number;
  adding: boolean;
  onAdd: (listIds: number[]) => void;
}

/** Picks several lists at once for the selected rows. */
export function AddToListsDialog({ open, onClose, listType, lists, selectedCount, adding, onAdd }: AddToListsDialogProps) {
  const [chosen, setChosen] = useState<number[]>([]);
  const close = () => {
    setChosen([]);
    onClose();
  };
  const toggle = (listId: number) =>
    setChosen((current) => (current.includes(listId) ? current.filter((id) => id !== listId) : [...current, listId]));

  return (
    <Modal
      open={open}
      onClose={close}
      title="Add to lists"
      description={`Add ${itemCount(listType, selectedCount)} to every list you tick.`}
      actions={
        <>
          <AppButton variant="secondary" onClick={close}>
            Cancel
          </AppButton>
          <AppButton
            disabled={chosen.length === 0}
            loading={adding}
            onClick={() => {
              onAdd(chosen);
              setChosen([]);
            }}
          >
            {chosen.length > 1 ? `Add to ${chosen.length} lists` : 'Add to list'}
          </AppButton>
        </>
      }
    >
      {lists.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          You have no {listType} lists yet. Create one first.
        </Typography>
      ) : (
        <FormGroup>
          {lists.map((list) => (
            <FormControlLabel
              key={list.id}
              control={<Checkbox checked={chosen.includes(list.id)} onChange={() => toggle(list.id)} />}
              label={
                <>
                  {list.name}{' '}
                  <Typography component="span" variant="caption">
                    ({itemCount(listType, list.item_count)})
                  </Typography>
                </>
              }
            />
          ))}
        </FormGroup>
      )}
    </Modal>
  );
}
