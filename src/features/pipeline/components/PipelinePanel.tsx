import { useState, type ReactNode } from 'react';
import { Box, Card, IconButton, Skeleton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import AddCommentOutlinedIcon from '@mui/icons-material/AddCommentOutlined';
import { AppButton } from '@/components/AppButton/AppButton';
import { TextLink } from '@/components/RouterLinks/RouterLinks';
import { apiErrorDetail } from '@/lib/api-client';
import { isUnavailableOffline, usePendingChanges } from '@/features/offline';
import { showToast } from '@/lib/toasts';
import type { ListType } from '@/shared/api-types';
import { NOTE_MAX_LENGTH, type ListMembership } from '@/shared/pipeline';
import { canEditRows } from '@/shared/teams';
import { useChangePipeline } from '../api/change-pipeline';
import type { ListKeys } from '../api/list-keys';
import { useMemberships } from '../api/memberships';
import { useAddNote, useDeleteNote, useNotes } from '../api/notes';
import type { RowRef } from '../api/pipeline-outbox';
import { shownNotes, shownPipeline } from '../pending-pipeline';
import { formatAmount, formatChangeDay, formatFollowUp, formatLastContacted, stageLabel } from '../pipeline-format';
import { AnsweredMark } from './AnsweredMark';
import { LazyLogTouchDialog } from './LazyLogTouchDialog';
import { PendingMark } from './PendingMark';
import { RowTouches } from './RowTouches';
import { lastChange } from './pipeline-columns';
import { StageSelect } from './StageSelect';

function formatNoteTime(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}

function NoteBox({ row, listName, beside }: { row: RowRef; listName: string; beside?: ReactNode }) {
  const [body, setBody] = useState('');
  const addNote = useAddNote();
  const text = body.trim();
  const tooLong = text.length > NOTE_MAX_LENGTH;
  return (
    <Stack
      component="form"
      spacing={1}
      onSubmit={(event) => {
        event.preventDefault();
        if (text === '' || tooLong) return;
        addNote.mutate({ row, body: text }, { onSuccess: () => setBody('') });
      }}
    >
      <TextField
        label={`Add a note for ${listName}`}
        multiline
        minRows={2}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        error={tooLong}
        helperText={tooLong ? `A note holds at most ${NOTE_MAX_LENGTH.toLocaleString('en-US')} characters.` : undefined}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <AppButton type="submit" variant="primary" disabled={text === '' || tooLong || addNote.isPending}>
          Add note
        </AppButton>
        {beside}
      </Box>
    </Stack>
  );
}

interface MembershipProps {
  membership: ListMembership;
  row: RowRef;
  listKeys: ListKeys;
  userId: number;
  renderRowExtra?: (row: RowRef, access: { canEdit: boolean }) => ReactNode;
  noTouchesHint?: ReactNode;
}

function Membership({ membership, row, listKeys, userId, renderRowExtra, noTouchesHint }: MembershipProps) {
  // A viewer reads; an editor or the owner changes the row and writes notes, deleting only their own.
  const canEdit = canEditRows(membership.role);
  const outbox = usePendingChanges();
  const shown = shownPipeline(membership.pipeline, outbox, row);
  const notes = useNotes(listKeys, row);
  const changePipeline = useChangePipeline();
  const deleteNote = useDeleteNote(listKeys);
  const all = shownNotes(notes.data, shown.pendingNotes);
  const [loggingTouch, setLoggingTouch] = useState(false);
  return (
    <Card variant="outlined" component="section" aria-label={membership.list_name} sx={{ p: 2.5 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <TextLink to="/lists/$id" params={{ id: String(membership.list_id) }} underline="hover" sx={{ fontWeight: 650, fontSize: 16 }}>
          {membership.list_name}
        </TextLink>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {canEdit ? (
            <StageSelect
              value={shown.pipeline.stage}
              label={`Stage in ${membership.list_name}`}
              onChange={(stage) => changePipeline.mutate({ row, patch: { stage } })}
            />
          ) : (
            <Typography sx={{ fontSize: 14, fontWeight: 550 }}>Stage: {stageLabel(shown.pipeline)}</Typography>
          )}
          {shown.pendingFields.has('stage') && <PendingMark what="Stage" />}
        </Stack>
      </Stack>
      <Stack direction="row" spacing={3} sx={{ mt: 1, fontSize: 14, color: 'text.secondary' }}>
        <Typography sx={{ fontSize: 14 }}>Next follow-up: {formatFollowUp(shown.pipeline.follow_up_on)}</Typography>
        <Typography sx={{ fontSize: 14 }}>Amount: {formatAmount(shown.pipeline)}</Typography>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>
          Last contacted:{' '}
          {shown.pipeline.last_contacted_at === null ? (
            'not yet'
          ) : (
            <time dateTime={shown.pipeline.last_contacted_at} title={formatChangeDay(shown.pipeline.last_contacted_at)}>
              {formatLastContacted(shown.pipeline.last_contacted_at)}
            </time>
          )}
        </Typography>
        {shown.pendingTouches.length > 0 && <PendingMark what="Touch" />}
        <AnsweredMark answeredAt={shown.pipeline.answered_at} />
      </Stack>
      {shown.pipeline.updated_by && (
        <Typography sx={{ fontSize: 13, color: 'text.secondary', mt: 0.5 }}>Last change: {lastChange(shown.pipeline)}</Typography>
      )}
      {renderRowExtra?.(row, { canEdit })}
      <RowTouches
        row={row}
        listName={membership.list_name}
        listKeys={listKeys}
        userId={userId}
        canEdit={canEdit}
        pending={shown.pendingTouches}
        emptyHint={canEdit ? noTouchesHint : undefined}
      />
      <Typography component="h3" sx={{ fontSize: 14, fontWeight: 650, mt: 2, mb: 1 }}>
        Notes
      </Typography>
      {notes.isPending && shown.pendingNotes.length === 0 ? (
        <Skeleton height={40} />
      ) : all.length === 0 ? (
        <Typography sx={{ fontSize: 14, color: 'text.secondary', mb: 1.5 }}>
          {notes.isError && isUnavailableOffline(notes.error) ? 'Notes are not available offline.' : 'No notes yet.'}
        </Typography>
      ) : (
        <Box component="ul" aria-label={`Notes in ${membership.list_name}`} sx={{ listStyle: 'none', p: 0, m: 0, mb: 1.5 }}>
          {all.map((note) => (
            <Box component="li" key={note.id} sx={{ display: 'flex', gap: 1, py: 1, borderTop: 1, borderColor: 'divider' }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontSize: 12, color: 'text.secondary', display: 'flex', alignItems: 'center' }}>
                  {note.author && `${note.author.first_name} ${note.author.last_name} · `}
                  {formatNoteTime(note.created_at)}
                  {note.pending && <PendingMark what="Note" />}
                </Typography>
                <Typography sx={{ fontSize: 14, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.body}</Typography>
              </Box>
              {!note.pending && canEdit && note.author?.id === userId && (
                <Tooltip title="Delete note">
                  <IconButton
                    size="small"
                    aria-label={`Delete note of ${formatNoteTime(note.created_at)}`}
                    disabled={deleteNote.isPending}
                    onClick={() =>
                      deleteNote.mutate(
                        { row, noteId: note.id },
                        {
                          onError: (error) =>
                            showToast(apiErrorDetail(error) ?? 'The note could not be deleted. Please try again.', { variant: 'error' }),
                        },
                      )
                    }
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </Box>
          ))}
        </Box>
      )}
      {canEdit && (
        <NoteBox
          row={row}
          listName={membership.list_name}
          beside={
            <AppButton variant="secondary" startIcon={<AddCommentOutlinedIcon />} onClick={() => setLoggingTouch(true)}>
              Log a touch
            </AppButton>
          }
        />
      )}
      <LazyLogTouchDialog
        row={loggingTouch ? { ...row, names: { list: membership.list_name, ...row.names } } : null}
        onClose={() => setLoggingTouch(false)}
      />
    </Card>
  );
}

export interface PipelinePanelProps {
  listType: ListType;
  itemId: number;
  listKeys: ListKeys;
  /** The logged-in user: each deletes only their own notes. */
  userId: number;
  /** Another feature's part of the row's card in each list (its activity there, kept live). */
  renderRowExtra?: (row: RowRef, access: { canEdit: boolean }) => ReactNode;
  /** Another feature's word where a row the founder edits has no touches yet (how mail logs itself). */
  noTouchesHint?: ReactNode;
}

/**
 * On an investor's or fund's page: every list it is in, its stage there, when it was last contacted, its touches, the
 * notes and a box to add one, and Log a touch.
 */
export function PipelinePanel({ listType, itemId, listKeys, userId, renderRowExtra, noTouchesHint }: PipelinePanelProps) {
  const memberships = useMemberships(listKeys, listType, itemId);
  return (
    <Box component="section" aria-labelledby="pipeline-panel-title" sx={{ maxWidth: 960, mt: 4 }}>
      <Typography id="pipeline-panel-title" component="h2" variant="h6" sx={{ mb: 1.5, fontWeight: 650 }}>
        In your lists
      </Typography>
      {memberships.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : memberships.isError ? (
        <Typography sx={{ color: 'text.secondary' }}>
          {isUnavailableOffline(memberships.error)
            ? 'Your lists are not available offline for this page.'
            : 'Your lists could not be loaded.'}
        </Typography>
      ) : memberships.data.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>Not in any of your lists yet.</Typography>
      ) : (
        <Stack spacing={2}>
          {memberships.data.map((membership) => (
            <Membership
              key={membership.list_id}
              membership={membership}
              row={{ listId: membership.list_id, listType, itemId, names: { list: membership.list_name } }}
              listKeys={listKeys}
              userId={userId}
              renderRowExtra={renderRowExtra}
              noTouchesHint={noTouchesHint}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}
