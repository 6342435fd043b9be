import { useState } from 'react';
import HistoryIcon from '@mui/icons-material/History';
import { Modal } from '@/components/Modal/Modal';
import { RowIconButton } from '@/components/RowIconButton/RowIconButton';
import { lazyComponent } from '@/features/offline';
import type { ActivityRow } from '../api/activity';
import type { ListKeys } from '../api/list-keys';

const ActivityList = lazyComponent(() => import('./ActivityList'));

/** A board card's Activity button: the row's changes, who made them and when, in a dialog loaded when first opened. */
export function ActivityButton({ listKeys, row, name }: { listKeys: ListKeys; row: ActivityRow; name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <RowIconButton title="Activity" label={`Activity of ${name}`} icon={HistoryIcon} onClick={() => setOpen(true)} />
      <Modal open={open} onClose={() => setOpen(false)} title={`Activity of ${name}`} width={520}>
        {open && <ActivityList listKeys={listKeys} row={row} />}
      </Modal>
    </>
  );
}
