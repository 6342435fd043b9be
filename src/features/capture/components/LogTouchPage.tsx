import { useMemo, useState } from 'react';
import {
  Alert,
  Autocomplete,
  Box,
  createFilterOptions,
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueries } from '@tanstack/react-query';
import { AppButton } from '@/components/AppButton/AppButton';
import { PageTitle } from '@/components/PageTitle/PageTitle';
import { ChangeRefusedError } from '@/features/offline';
import { showToast } from '@/lib/toasts';
import { CAPTURE_LIMITS, TOUCH_BODY_MAX, TOUCH_KIND_LABELS, TOUCH_KINDS, type TouchInput, type TouchKind } from '@/shared/capture';
import { canEditRows } from '@/shared/teams';
import { listItemsQuery, type CaptureLists } from '../api/capture-lists';
import { StatusChip } from './StatusChip';
import { matchSharedRows, rowEmails, rowFirm, rowName, sharedClues, type ShareMatch, type ShareRow } from '../shared-text';

/** What another app shared (the manifest's share_target: GET title, text, url). */
export interface SharedContent {
  title: string;
  text: string;
  url: string;
}

/** Which row a touch is logged on, and its names for the messages that tell of it. */
export interface TouchRow {
  listId: number;
  listType: ShareRow['listType'];
  itemId: number;
  names: { row: string; list: string };
}

export interface LogTouchPageProps {
  shared: SharedContent;
  lists: CaptureLists;
  /** Her log-in address: its domain (her own, her co-founders') never points at an investor. */
  ownEmail: string;
  /** Logs the touch through the offline outbox: 'synced', or 'queued' offline; a refusal throws ChangeRefusedError. */
  onSave: (row: TouchRow, touch: TouchInput) => Promise<'synced' | 'queued'>;
  /** After saving: to the list the touch landed on. */
  onDone: (row: TouchRow) => void;
}

const rowKey = (row: ShareRow) => `${row.listId}:${row.item.id}`;
const filterRows = createFilterOptions<ShareRow>({
  stringify: (row) => `${rowName(row.item)} ${rowEmails(row.item).join(' ')} ${rowFirm(row.item)} ${row.listName}`,
});

/** The local date and time now, as a datetime-local field holds it. */
function localNow(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** The shared parts as a note: each once, in the order title, text, link, cut to what a touch keeps. */
function sharedNote({ title, text, url }: SharedContent): string {
  const parts = [title, text, url].map((part) => part.trim()).filter(Boolean);
  const distinct = parts.filter((part, index) => !parts.slice(0, index).some((before) => before.includes(part)));
  return distinct.join('\n\n').slice(0, TOUCH_BODY_MAX);
}

/** Every row of the lists she can edit, from their items (kept offline); `loading` until each answered once. */
function useEditableRows(lists: CaptureLists): { rows: ShareRow[]; loading: boolean } {
  const editable = (lists.lists ?? []).filter((list) => canEditRows(list.role));
  const answers = useQueries({ queries: editable.map((list) => listItemsQuery(lists, list.id)) });
  return {
    loading: lists.lists === undefined || answers.some((answer) => answer.isPending),
    rows: editable.flatMap((list, index) =>
      (answers[index]?.data ?? []).map((item) => ({ listId: list.id, listName: list.name, listType: list.list_type, item })),
    ),
  };
}

/**
 * /log-touch, the share target: what was shared from another app (a mail's text, a link, a contact card) becomes
 * a touch on the investor it names, found by an e-mail address or a website's domain among the rows of her lists,
 * or picked. Saved through the offline outbox, so offline it is queued and lands once.
 */
export function LogTouchPage({ shared, lists, ownEmail, onSave, onDone }: LogTouchPageProps) {
  const { rows, loading } = useEditableRows(lists);
  const clues = useMemo(() => sharedClues(shared.title, shared.text, shared.url), [shared]);
  const matches = matchSharedRows(rows, clues, ownEmail);
  const [picked, setPicked] = useState<ShareRow | null>(null);
  const [kind, setKind] = useState<TouchKind>(clues.emails.length > 0 ? 'email_received' : 'message');
  const [note, setNote] = useState(() => sharedNote(shared));
  const [when, setWhen] = useState(() => localNow());
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const chosen = picked ?? (matches.length === 1 ? matches[0].row : null);

  const save = async () => {
    if (!chosen) {
      setError('Pick the investor the touch was with.');
      return;
    }
    const row: TouchRow = {
      listId: chosen.listId,
      listType: chosen.listType,
      itemId: chosen.item.id,
      names: { row: rowName(chosen.item), list: chosen.listName },
    };
    const happened = when ? new Date(when) : new Date();
    const touch: TouchInput = {
      kind,
      body: note.trim(),
      ...(shared.title.trim() && { subject: shared.title.trim().slice(0, CAPTURE_LIMITS.subjectChars) }),
      happened_at: (Number.isNaN(happened.getTime()) ? new Date() : happened).toISOString(),
    };
    setSaving(true);
    setError(null);
    try {
      const outcome = await onSave(row, touch);
      showToast(
        outcome === 'synced'
          ? `${TOUCH_KIND_LABELS[kind]} logged on ${row.names.row}`
          : `${TOUCH_KIND_LABELS[kind]} saved on this device: it is logged on ${row.names.row} once you are back online`,
        { variant: 'success' },
      );
      onDone(row);
    } catch (caught) {
      setError(caught instanceof ChangeRefusedError ? caught.message : 'The touch could not be saved. Please try again.');
      setSaving(false);
    }
  };

  return (
    <>
      <PageTitle title="Log a touch" subtitle="A mail, call, meeting or message with an investor, logged on their row." />
      <Paper
        variant="outlined"
        component="form"
        noValidate
        aria-label="Log a touch"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}
      >
        <Stack spacing={2.5}>
          <WhoSection loading={loading} rows={rows} matches={matches} clues={clues.emails.length + clues.domains.length} chosen={chosen} onPick={setPicked} />
          <TextField select label="Kind" value={kind} onChange={(event) => setKind(event.target.value as TouchKind)} sx={{ maxWidth: 320 }}>
            {TOUCH_KINDS.map((option) => (
              <MenuItem key={option} value={option}>
                {TOUCH_KIND_LABELS[option]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Note"
            multiline
            minRows={3}
            maxRows={12}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            slotProps={{ htmlInput: { maxLength: TOUCH_BODY_MAX } }}
            helperText={`${note.length.toLocaleString()} / ${TOUCH_BODY_MAX.toLocaleString()} characters. Only you see it unless you share it on the entry.`}
          />
          <TextField
            label="When"
            type="datetime-local"
            value={when}
            onChange={(event) => setWhen(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ maxWidth: 320 }}
          />
          {error && <Alert severity="error">{error}</Alert>}
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <AppButton type="submit" loading={saving} disabled={loading}>
              Save
            </AppButton>
          </Box>
        </Stack>
      </Paper>
    </>
  );
}

interface WhoSectionProps {
  loading: boolean;
  rows: ShareRow[];
  matches: ShareMatch[];
  /** How many addresses and domains the share held. */
  clues: number;
  chosen: ShareRow | null;
  onPick: (row: ShareRow | null) => void;
}

/** Who the touch was with: the one row the share names, a choice among several, or a search of her lists' rows. */
function WhoSection({ loading, rows, matches, clues, chosen, onPick }: WhoSectionProps) {
  const [searching, setSearching] = useState(false);
  if (loading) return <Skeleton variant="rounded" height={56} role="progressbar" aria-label="Finding the investor" />;
  const search = (
    <Autocomplete
      options={rows}
      value={chosen}
      onChange={(_, row) => onPick(row)}
      filterOptions={filterRows}
      getOptionLabel={(row) => `${rowName(row.item)} (${row.listName})`}
      getOptionKey={rowKey}
      isOptionEqualToValue={(option, value) => rowKey(option) === rowKey(value)}
      renderOption={({ key, ...props }, row) => (
        <li key={key} {...props}>
          <span>
            {rowName(row.item)}
            <br />
            <small style={{ opacity: 0.7 }}>{[rowFirm(row.item), row.listName].filter(Boolean).join(' · ')}</small>
          </span>
        </li>
      )}
      noOptionsText={rows.length === 0 ? 'No rows on the lists you can edit' : 'No investor by that name or e-mail'}
      renderInput={(params) => <TextField {...params} label="Investor" required placeholder="Search your lists by name or e-mail" />}
    />
  );
  if (matches.length === 1 && !searching) {
    const [{ row, match }] = matches;
    return (
      <Box>
        <Typography sx={{ fontSize: 13, color: 'text.secondary', mb: 0.5 }}>Found in what you shared</Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 650, overflowWrap: 'anywhere' }}>{rowName(row.item)}</Typography>
            <Typography sx={{ fontSize: 13, color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {[rowFirm(row.item), row.listName].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
          <StatusChip tone={match === 'exact' ? 'success' : 'warning'} label={match === 'exact' ? 'Same e-mail' : 'Likely: same website'} />
          <AppButton variant="transparent" size="small" onClick={() => setSearching(true)}>
            Someone else
          </AppButton>
        </Stack>
      </Box>
    );
  }
  if (matches.length > 1 && !searching) {
    return (
      <FormControl>
        <FormLabel id="log-touch-matches" sx={{ fontSize: 14, mb: 0.5 }}>
          Who was it with? What you shared points at {matches.length} rows.
        </FormLabel>
        <RadioGroup
          aria-labelledby="log-touch-matches"
          value={chosen ? rowKey(chosen) : ''}
          onChange={(event) => onPick(matches.find(({ row }) => rowKey(row) === event.target.value)?.row ?? null)}
        >
          {matches.map(({ row, match }) => (
            <FormControlLabel
              key={rowKey(row)}
              value={rowKey(row)}
              control={<Radio size="small" />}
              label={`${rowName(row.item)} · ${[rowFirm(row.item), row.listName].filter(Boolean).join(' · ')}${match === 'likely' ? ' (likely)' : ''}`}
            />
          ))}
        </RadioGroup>
        <AppButton variant="transparent" size="small" onClick={() => setSearching(true)} sx={{ alignSelf: 'flex-start' }}>
          Someone else
        </AppButton>
      </FormControl>
    );
  }
  return (
    <Stack spacing={1}>
      {!searching && (
        <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>
          {clues === 0
            ? 'What you shared names no e-mail address or website: pick the investor.'
            : 'No investor on your lists has the e-mail address or website in what you shared: pick the investor.'}
        </Typography>
      )}
      {search}
    </Stack>
  );
}
