import { useState, type ReactNode } from 'react';
import { Box, Button, IconButton, Skeleton, Tooltip, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import { isUnavailableOffline } from '@/features/offline';
import { apiErrorDetail } from '@/lib/api-client';
import { showToast } from '@/lib/toasts';
import { TOUCH_KIND_LABELS, type MailParty } from '@/shared/capture';
import type { Person } from '@/shared/teams';
import type { ListKeys } from '../api/list-keys';
import type { RowRef } from '../api/pipeline-outbox';
import { useDeleteTouch, useShareTouch, useTouches } from '../api/touches';
import { shownTouches, type ShownTouch } from '../pending-pipeline';
import { PendingMark } from './PendingMark';

const fullName = (person: Person | null) => (person ? `${person.first_name} ${person.last_name}`.trim() : 'a former member');

const partyName = (party: MailParty) => (party.name ? `${party.name} (${party.address})` : party.address);

export function formatTouchTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}

interface TouchItemProps {
  touch: ShownTouch;
  row: RowRef;
  listKeys: ListKeys;
  /** The founder's own touch, on a list she may still change: she shares its text, or deletes it. */
  mine: boolean;
  onDelete: (touch: ShownTouch) => void;
}

function TouchItem({ touch, row, listKeys, mine, onDelete }: TouchItemProps) {
  const share = useShareTouch(listKeys);
  const what = TOUCH_KIND_LABELS[touch.kind];
  const when = formatTouchTime(touch.happened_at);
  const hasText = touch.body !== null && touch.body !== '';
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1, py: 1, borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontSize: 14, overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            {what}
          </Box>
          {touch.subject && `: ${touch.subject}`}
        </Typography>
        <Typography sx={{ fontSize: 12, color: 'text.secondary', display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 0.5 }}>
          <time dateTime={touch.happened_at}>{when}</time>
          {touch.author && <span>· by {fullName(touch.author)}</span>}
          {touch.match === 'likely' && <span>· likely match, by the firm’s website</span>}
          {touch.pending && <PendingMark what={what} />}
        </Typography>
        {touch.participants.length > 0 && (
          <Typography sx={{ fontSize: 12, color: 'text.secondary', overflowWrap: 'anywhere' }}>
            With {touch.participants.map(partyName).join(', ')}
          </Typography>
        )}
        {touch.body === null ? (
          <Typography sx={{ fontSize: 13, color: 'text.secondary', fontStyle: 'italic' }}>Text private to {fullName(touch.author)}</Typography>
        ) : (
          hasText && <Typography sx={{ fontSize: 14, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{touch.body}</Typography>
        )}
        {mine && !touch.pending && hasText && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
            {touch.shared && <Typography sx={{ fontSize: 12, color: 'text.secondary' }}>Shared with the list</Typography>}
            <Button
              size="small"
              disabled={share.isPending}
              sx={{ textTransform: 'none', px: 0.5, minWidth: 0 }}
              onClick={() =>
                share.mutate(
                  { row, touchId: touch.id, shared: !touch.shared },
                  {
                    onError: (error) =>
                      showToast(apiErrorDetail(error) ?? 'The entry could not be changed. Please try again.', { variant: 'error' }),
                  },
                )
              }
            >
              {touch.shared ? 'Stop sharing' : 'Share text with the list'}
            </Button>
          </Box>
        )}
      </Box>
      {mine && !touch.pending && (
        <Tooltip title="Delete entry">
          <IconButton size="small" aria-label={`Delete ${what.toLowerCase()} of ${when}`} onClick={() => onDelete(touch)}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}

export interface RowTouchesProps {
  row: RowRef;
  listName: string;
  listKeys: ListKeys;
  userId: number;
  /** The founder may change the row (not a viewer): her own touches can be shared or deleted. */
  canEdit: boolean;
  /** Touches logged on this device and not on the server yet. */
  pending: readonly ShownTouch[];
  /** Shown under "none yet" (another feature's: the capture address). */
  emptyHint?: ReactNode;
}

/** A row's touches in one list, newest first: mail captured, and calls, meetings and messages logged. */
export function RowTouches({ row, listName, listKeys, userId, canEdit, pending, emptyHint }: RowTouchesProps) {
  const touches = useTouches(listKeys, row);
  const deleteTouch = useDeleteTouch(listKeys);
  const [deleting, setDeleting] = useState<ShownTouch | null>(null);
  const all = shownTouches(touches.data, pending);
  return (
    <>
      <Typography component="h3" sx={{ fontSize: 14, fontWeight: 650, mt: 2, mb: 1 }}>
        Touches
      </Typography>
      {touches.isPending && pending.length === 0 ? (
        <Skeleton height={40} />
      ) : all.length === 0 ? (
        <>
          <Typography sx={{ fontSize: 14, color: 'text.secondary', mb: 1.5 }}>
            {touches.isError && isUnavailableOffline(touches.error) ? 'Touches are not available offline.' : 'No mail, calls or meetings logged yet.'}
          </Typography>
          {!touches.isError && emptyHint}
        </>
      ) : (
        <Box component="ul" aria-label={`Touches in ${listName}`} sx={{ listStyle: 'none', p: 0, m: 0, mb: 1.5 }}>
          {all.map((touch) => (
            <TouchItem
              key={touch.id}
              touch={touch}
              row={row}
              listKeys={listKeys}
              mine={canEdit && touch.author?.id === userId}
              onDelete={setDeleting}
            />
          ))}
        </Box>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this entry?"
        description="Its text is removed for everyone."
        confirmLabel="Delete"
        pending={deleteTouch.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          deleteTouch.mutate(
            { row, touchId: deleting.id },
            {
              onSuccess: () => setDeleting(null),
              onError: (error) => showToast(apiErrorDetail(error) ?? 'The entry could not be deleted. Please try again.', { variant: 'error' }),
            },
          )
        }
      />
    </>
  );
}
