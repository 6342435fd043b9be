import { Alert, Box, IconButton, List, ListItem, ListItemText, Select, Skeleton, Tooltip, Typography } from '@mui/material';
import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import CancelScheduleSendOutlinedIcon from '@mui/icons-material/CancelScheduleSendOutlined';
import { labelledOptions } from '@/components/FormSelect/labelled-options';
import { apiErrorDetail } from '@/lib/api-client';
import { showToast } from '@/lib/toasts';
import { INVITATION_TTL_DAYS, LIST_ROLE_LABELS, MEMBER_ROLES, type ListMember, type MemberRole } from '@/shared/teams';
import type { ListKeys } from '../api/list-keys';
import { useChangeRole, useInvite, useMembers, useRemoveMember, useRevokeInvitation } from '../api/members';
import { InviteForm } from '../forms/InviteForm';
import { formatDay, personName } from './people';

export interface ShareDialogContentProps {
  listKeys: ListKeys;
  listId: number;
  listName: string;
}

/** What removing a member (or their leaving) does to the private contacts they put on the list (server: contacts/ownership.ts). */
const REMOVAL_PASSES_CONTACTS =
  'A member you remove loses access at once; the private contacts they put on this list become yours, their notes stay.';

const failed = (what: string) => (error: unknown) =>
  showToast(apiErrorDetail(error) ?? `${what} failed. Please try again.`, { variant: 'error' });

function MemberRow({ member, listKeys, listId }: { member: ListMember; listKeys: ListKeys; listId: number }) {
  const changeRole = useChangeRole(listKeys, listId);
  const removeMember = useRemoveMember(listKeys, listId);
  const name = personName(member);
  return (
    <ListItem
      disableGutters
      divider
      secondaryAction={
        member.role !== 'owner' && (
          <Tooltip title="Remove: their private contacts on this list become yours">
            <IconButton
              edge="end"
              aria-label={`Remove ${name}`}
              disabled={removeMember.isPending}
              onClick={() =>
                removeMember.mutate(member.user_id, {
                  onSuccess: () =>
                    showToast(`${name} no longer has access; their private contacts on this list are now yours`, { variant: 'success' }),
                  onError: failed(`Removing ${name}`),
                })
              }
            >
              <PersonRemoveOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )
      }
      sx={{ pr: 6 }}
    >
      <ListItemText
        primary={name}
        secondary={member.email}
        slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
        sx={{ minWidth: 0, mr: 1 }}
      />
      {member.role === 'owner' ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', width: 112, flexShrink: 0, pl: 1.75 }}>
          Owner
        </Typography>
      ) : (
        <Select<MemberRole>
          size="small"
          value={member.role}
          disabled={changeRole.isPending}
          inputProps={{ 'aria-label': `Role of ${name}` }}
          onChange={(event) =>
            changeRole.mutate(
              { userId: member.user_id, role: event.target.value as MemberRole },
              { onError: failed(`Changing ${name}'s role`) },
            )
          }
          sx={{ width: 112, flexShrink: 0, fontSize: 14 }}
        >
          {labelledOptions(MEMBER_ROLES, LIST_ROLE_LABELS)}
        </Select>
      )}
    </ListItem>
  );
}

/** The Share dialog's body: invite by e-mail, then who has access and who is invited, each changeable. */
export default function ShareDialogContent({ listKeys, listId, listName }: ShareDialogContentProps) {
  const members = useMembers(listKeys, listId);
  const invite = useInvite(listKeys, listId);
  const revoke = useRevokeInvitation(listKeys, listId);

  return (
    <Box>
      <InviteForm
        onInvite={(values) =>
          invite.mutateAsync(values).then(() => showToast(`Invitation sent to ${values.email}`, { variant: 'success' }))
        }
      />
      <Typography component="h3" sx={{ fontSize: 14, fontWeight: 650, mt: 3 }}>
        People with access
      </Typography>
      {members.isPending ? (
        <Skeleton height={56} />
      ) : members.isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {apiErrorDetail(members.error) ?? `Who has access to ${listName} could not be loaded.`}
        </Alert>
      ) : (
        <>
          <List aria-label="People with access" dense disablePadding>
            {members.data.members.map((member) => (
              <MemberRow key={member.user_id} member={member} listKeys={listKeys} listId={listId} />
            ))}
          </List>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {REMOVAL_PASSES_CONTACTS}
          </Typography>
          <Typography component="h3" sx={{ fontSize: 14, fontWeight: 650, mt: 3 }}>
            Pending invitations
          </Typography>
          {members.data.invitations.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
              None. An invitation's link works once, for {INVITATION_TTL_DAYS} days.
            </Typography>
          ) : (
            <List aria-label="Pending invitations" dense disablePadding>
              {members.data.invitations.map((invitation) => (
                <ListItem
                  key={invitation.id}
                  disableGutters
                  divider
                  secondaryAction={
                    <Tooltip title="Revoke invitation">
                      <IconButton
                        edge="end"
                        aria-label={`Revoke invitation of ${invitation.email}`}
                        disabled={revoke.isPending}
                        onClick={() => revoke.mutate(invitation.id, { onError: failed('Revoking the invitation') })}
                      >
                        <CancelScheduleSendOutlinedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  }
                  sx={{ pr: 6 }}
                >
                  <ListItemText
                    primary={invitation.email}
                    secondary={`${LIST_ROLE_LABELS[invitation.role]} · expires ${formatDay(invitation.expires_at)}`}
                    slotProps={{ primary: { noWrap: true } }}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </>
      )}
    </Box>
  );
}
