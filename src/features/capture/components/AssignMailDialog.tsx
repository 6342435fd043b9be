import { useId, useState } from 'react';
import {
  Alert,
  Autocomplete,
  createFilterOptions,
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { AppButton } from '@/components/AppButton/AppButton';
import { Modal } from '@/components/Modal/Modal';
import { apiErrorDetail } from '@/lib/api-client';
import { showToast } from '@/lib/toasts';
import type { ListItem } from '@/shared/api-types';
import type { InboxAssign, InboxMail } from '@/shared/capture';
import { ACCOUNT_MESSAGES, STORED_EMAIL_PATTERN } from '@/shared/form-rules';
import { canEditRows } from '@/shared/teams';
import { listItemsQuery, type CaptureLists } from '../api/capture-lists';
import { useAssignMail } from '../api/inbox';
import { rowEmails, rowFirm, rowName } from '../shared-text';
import { splitName } from './mail-format';

const INVESTOR = 'investor';

const filterRows = createFilterOptions<ListItem>({ stringify: (item) => `${rowName(item)} ${rowEmails(item).join(' ')} ${rowFirm(item)}` });

/**
 * Assign a Capture inbox mail: to an investor on a list she can edit (found by name or e-mail), or make one of
 * its participants a private contact on that list, prefilled with the participant's address and name.
 */
export function AssignMailDialog({ mail, lists, onClose }: { mail: InboxMail; lists: CaptureLists; onClose: () => void }) {
  const editable = (lists.lists ?? []).filter((list) => list.list_type === 'investor' && canEditRows(list.role));
  const [target, setTarget] = useState<string>(INVESTOR);
  const [listId, setListId] = useState<number | ''>(editable.length === 1 ? editable[0].id : '');
  const [investor, setInvestor] = useState<ListItem | null>(null);
  const [contact, setContact] = useState({ email: '', first_name: '', last_name: '' });
  const [tried, setTried] = useState(false);
  const assign = useAssignMail(lists.all);
  const items = useQuery({ ...listItemsQuery(lists, listId === '' ? 0 : listId), enabled: listId !== '' });
  const formId = useId();

  const chooseTarget = (value: string) => {
    setTarget(value);
    const party = mail.participants.find((participant) => participant.address === value);
    if (party) setContact({ email: party.address, ...splitName(party.name) });
  };

  const contactEmail = contact.email.trim();
  const errors = {
    list: listId === '' ? 'Pick a list' : undefined,
    investor: target === INVESTOR && !investor ? 'Pick an investor on the list' : undefined,
    email:
      target !== INVESTOR && !STORED_EMAIL_PATTERN.test(contactEmail)
        ? contactEmail
          ? ACCOUNT_MESSAGES.emailInvalid
          : ACCOUNT_MESSAGES.emailRequired
        : undefined,
  };
  const shown = (error: string | undefined) => (tried ? error : undefined);

  const submit = () => {
    setTried(true);
    if (listId === '' || errors.investor || errors.email) return;
    const body: InboxAssign =
      target === INVESTOR && investor
        ? { list_id: listId, investor_id: investor.id }
        : {
            list_id: listId,
            new_contact: {
              email: contactEmail,
              ...(contact.first_name.trim() && { first_name: contact.first_name.trim() }),
              ...(contact.last_name.trim() && { last_name: contact.last_name.trim() }),
            },
          };
    assign.mutate(
      { id: mail.id, assign: body },
      {
        onSuccess: () => {
          const who = target === INVESTOR && investor ? rowName(investor) : contactEmail;
          const list = editable.find((candidate) => candidate.id === listId)?.name ?? 'the list';
          showToast(`Logged on ${who} in ${list}`, { variant: 'success' });
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Assign the mail"
      description={mail.subject || '(no subject)'}
      width={560}
      fullScreenOnPhone
      actions={
        <>
          <AppButton variant="secondary" onClick={onClose}>
            Cancel
          </AppButton>
          <AppButton type="submit" form={formId} loading={assign.isPending}>
            Assign
          </AppButton>
        </>
      }
    >
      <Stack
        component="form"
        id={formId}
        noValidate
        spacing={2.25}
        sx={{ pt: 1 }}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {editable.length === 0 && <Alert severity="info">You have no investor list you can edit: make one first, then assign the mail to it.</Alert>}
        <FormControl>
          <FormLabel id={`${formId}-target`} sx={{ fontSize: 14, mb: 0.5 }}>
            Log it on
          </FormLabel>
          <RadioGroup aria-labelledby={`${formId}-target`} value={target} onChange={(event) => chooseTarget(event.target.value)}>
            <FormControlLabel value={INVESTOR} control={<Radio size="small" />} label="An investor on a list" />
            {mail.participants.slice(0, 5).map((party) => (
              <FormControlLabel
                key={party.address}
                value={party.address}
                control={<Radio size="small" />}
                label={`Make ${party.address} a private contact`}
                sx={{ '& .MuiFormControlLabel-label': { overflowWrap: 'anywhere' } }}
              />
            ))}
          </RadioGroup>
        </FormControl>
        <TextField
          select
          label="List"
          required
          value={listId === '' ? '' : String(listId)}
          onChange={(event) => {
            setListId(Number(event.target.value));
            setInvestor(null);
          }}
          error={Boolean(shown(errors.list))}
          helperText={shown(errors.list) ?? 'A list of investors you can edit.'}
        >
          {editable.map((list) => (
            <MenuItem key={list.id} value={String(list.id)}>
              {list.name}
            </MenuItem>
          ))}
        </TextField>
        {target === INVESTOR ? (
          <Autocomplete
            options={items.data ?? []}
            value={investor}
            onChange={(_, value) => setInvestor(value)}
            filterOptions={filterRows}
            getOptionLabel={(item) => rowName(item)}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            renderOption={({ key, ...props }, item) => (
              <li key={key} {...props}>
                <span>
                  {rowName(item)}
                  <br />
                  <small style={{ opacity: 0.7 }}>{[rowFirm(item), ...rowEmails(item)].filter(Boolean).join(' · ')}</small>
                </span>
              </li>
            )}
            disabled={listId === ''}
            loading={items.isFetching}
            noOptionsText={listId === '' ? 'Pick a list first' : 'No investor on this list by that name or e-mail'}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Investor"
                required
                placeholder="Search by name or e-mail"
                error={Boolean(shown(errors.investor))}
                helperText={shown(errors.investor)}
              />
            )}
          />
        ) : (
          <Stack spacing={2.25}>
            <TextField
              label="Email"
              type="email"
              required
              value={contact.email}
              onChange={(event) => setContact({ ...contact, email: event.target.value })}
              error={Boolean(shown(errors.email))}
              helperText={shown(errors.email)}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.25}>
              <TextField label="First Name" value={contact.first_name} onChange={(event) => setContact({ ...contact, first_name: event.target.value })} />
              <TextField label="Last Name" value={contact.last_name} onChange={(event) => setContact({ ...contact, last_name: event.target.value })} />
            </Stack>
          </Stack>
        )}
        {assign.isError && <Alert severity="error">{apiErrorDetail(assign.error) ?? 'The mail could not be assigned. Please try again.'}</Alert>}
      </Stack>
    </Modal>
  );
}
