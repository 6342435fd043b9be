import { Alert, Box, Paper, Stack, Typography } from '@mui/material';
import { useNavigate } from '@tanstack/react-router';
import { ButtonLink } from '@/components/RouterLinks/RouterLinks';
import { AppButton } from '@/components/AppButton/AppButton';
import { usePageTitle } from '@/components/PageTitle/usePageTitle';
import { Logo } from '@/components/Logo/Logo';
import { apiErrorDetail } from '@/lib/api-client';
import { showToast } from '@/lib/toasts';
import { INVITATION_PAGE, LIST_ROLE_LABELS, TEAM_MESSAGES, type InvitationPreview } from '@/shared/teams';
import { useAcceptInvitation, useInvitation } from '../api/invitation';
import type { ListKeys } from '../api/list-keys';
import { ROLE_HINTS } from '../role-hints';
import { formatDay, personName } from './people';

export interface InvitationPageProps {
  token: string;
  listKeys: ListKeys;
  /** The logged-in user's e-mail; undefined when logged out. */
  userEmail: string | undefined;
  /** Called as a visitor goes to sign up: the app brings them back here after their first log-in. */
  onSignUp?: () => void;
}

function Offer({ preview }: { preview: InvitationPreview }) {
  const kind = preview.list_type === 'investor' ? 'investor list' : 'fund list';
  return (
    <>
      <Typography variant="h2" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {preview.list_name}
      </Typography>
      <Typography sx={{ mt: 1.5, overflowWrap: 'anywhere' }}>
        {personName(preview.invited_by)} invited <strong>{preview.email}</strong> to their {kind} as{' '}
        <strong>{LIST_ROLE_LABELS[preview.role].toLowerCase()}</strong>.
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5, color: 'text.secondary' }}>
        {ROLE_HINTS[preview.role]}. The invitation works until {formatDay(preview.expires_at)}.
      </Typography>
    </>
  );
}

function Answer({ token, preview, listKeys, userEmail, onSignUp }: InvitationPageProps & { preview: InvitationPreview }) {
  const accept = useAcceptInvitation(listKeys, token);
  const navigate = useNavigate();
  const back = INVITATION_PAGE(token);
  if (userEmail === undefined)
    return (
      <Stack spacing={1.5} sx={{ mt: 3 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          Log in as {preview.email} to accept; you will come back here.
        </Typography>
        <Stack direction="row" spacing={1.5}>
          <ButtonLink to="/login" search={{ redirect: back }}>
            Log in to accept
          </ButtonLink>
          <ButtonLink to="/register" variant="secondary" onClick={onSignUp}>
            Sign up
          </ButtonLink>
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          New to Fundscape? Sign up with {preview.email}: once your address is verified and you log in on this device, you come back here.
        </Typography>
      </Stack>
    );
  if (userEmail.toLowerCase() !== preview.email.toLowerCase())
    return (
      <Alert severity="warning" sx={{ mt: 3 }}>
        {TEAM_MESSAGES.invitationForOther(preview.email)}
      </Alert>
    );
  return (
    <Box sx={{ mt: 3 }}>
      {accept.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {apiErrorDetail(accept.error) ?? 'The invitation could not be accepted. Please try again.'}
        </Alert>
      )}
      <AppButton
        loading={accept.isPending}
        onClick={() =>
          accept.mutate(undefined, {
            onSuccess: (list) => {
              showToast(`You joined ${list.name}`, { variant: 'success' });
              void navigate({ to: '/lists/$id', params: { id: String(list.id) }, replace: true });
            },
          })
        }
      >
        Accept invitation
      </AppButton>
    </Box>
  );
}

/** /invitations/$token: what the invitation offers, then accepting it as the invited address (after logging in or signing up). */
export function InvitationPage(props: InvitationPageProps) {
  usePageTitle('Invitation');
  const invitation = useInvitation(props.token);
  return (
    <Box
      component="main"
      sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', alignItems: 'center', px: 2, py: { xs: 4, sm: 8 } }}
    >
      <Box sx={{ width: '100%', maxWidth: 520, mb: 4 }}>
        <Logo />
      </Box>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 520, p: { xs: 2.5, sm: 4 } }}>
        <Typography variant="overline" component="p" sx={{ color: 'text.secondary', fontWeight: 700 }}>
          Invitation to a shared list
        </Typography>
        {invitation.isPending ? (
          <Typography sx={{ mt: 1 }}>Loading the invitation…</Typography>
        ) : invitation.isError ? (
          <>
            <Typography variant="h2" component="h1">
              This invitation cannot be used
            </Typography>
            <Alert severity="error" sx={{ mt: 2 }}>
              {apiErrorDetail(invitation.error) ?? TEAM_MESSAGES.invitationNotFound}
            </Alert>
          </>
        ) : (
          <>
            <Offer preview={invitation.data} />
            <Answer {...props} preview={invitation.data} />
          </>
        )}
      </Paper>
    </Box>
  );
}
