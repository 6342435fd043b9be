import { useState } from 'react';
import { Box, Chip, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { PageTitle } from '@/components/PageTitle/PageTitle';
import { AppButton } from '@/components/AppButton/AppButton';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { QueryView } from '@/components/QueryView/QueryView';
import { apiErrorDetail } from '@/lib/api-client';
import { showToast } from '@/lib/toasts';
import { CAPTURE_LIMITS, type InboxMail } from '@/shared/capture';
import type { CaptureLists } from '../api/capture-lists';
import { useDismissMail, useInbox } from '../api/inbox';
import { AssignMailDialog } from './AssignMailDialog';
import { CaptureAddressHint } from './CaptureAddressHint';
import { expiresText, formatMailDate, mailWho } from './mail-format';

/** /capture-inbox: her mails no investor on her lists took part in, each to assign to an investor or dismiss, for 7 days. */
export function CaptureInboxPage({ lists }: { lists: CaptureLists }) {
  const inbox = useInbox();
  const [assigning, setAssigning] = useState<InboxMail | null>(null);
  return (
    <>
      <PageTitle
        title="Capture inbox"
        subtitle={`Mail of yours that no investor on your lists took part in. Assign it to an investor, or dismiss it; it leaves by itself after ${CAPTURE_LIMITS.inboxDays} days.`}
      />
      <QueryView
        query={inbox}
        loading={
          <Stack spacing={1.5} aria-label="Loading the Capture inbox">
            <Skeleton variant="rounded" height={120} />
            <Skeleton variant="rounded" height={120} />
          </Stack>
        }
        failed="The Capture inbox could not be loaded."
        empty={
          <EmptyState
            title="Nothing waiting"
            description="A mail you send or forward to your capture address lands here when none of its people is an investor on your lists. Mail that matches logs on the investor's rows by itself."
          >
            <CaptureAddressHint />
          </EmptyState>
        }
      >
        {(mails) => (
          <Stack component="ul" spacing={1.5} aria-label="Mails waiting" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {mails.map((mail) => (
              <InboxMailCard key={mail.id} mail={mail} onAssign={() => setAssigning(mail)} />
            ))}
          </Stack>
        )}
      </QueryView>
      {assigning && <AssignMailDialog mail={assigning} lists={lists} onClose={() => setAssigning(null)} />}
    </>
  );
}

function InboxMailCard({ mail, onAssign }: { mail: InboxMail; onAssign: () => void }) {
  const dismiss = useDismissMail();
  const subject = mail.subject || '(no subject)';
  const headingId = `inbox-mail-${mail.id}`;
  return (
    <Paper component="li" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 1.5, md: 3 }} sx={{ justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography id={headingId} component="h2" sx={{ fontWeight: 650, fontSize: 16, overflowWrap: 'anywhere' }}>
              {subject}
            </Typography>
            <Chip size="small" label={mail.direction === 'sent' ? 'E-mail sent' : 'Reply received'} />
          </Stack>
          <Typography sx={{ fontSize: 14, mt: 0.5, overflowWrap: 'anywhere' }}>{mailWho(mail)}</Typography>
          <Typography sx={{ fontSize: 13, color: 'text.secondary', mt: 0.25 }}>
            <time dateTime={mail.sent_at}>{formatMailDate(mail.sent_at)}</time> · {expiresText(mail.expires_at)}
          </Typography>
          {mail.snippet && (
            <Typography sx={{ fontSize: 14, color: 'text.secondary', mt: 1, overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
              {mail.snippet}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', flexShrink: 0 }}>
          <AppButton onClick={onAssign} aria-label={`Assign “${subject}”`}>
            Assign
          </AppButton>
          <AppButton
            variant="secondary"
            loading={dismiss.isPending}
            aria-label={`Dismiss “${subject}”`}
            // Awaited rather than mutate's callbacks: the card is gone (and its observer with it) once the mail leaves the inbox.
            onClick={() =>
              dismiss.mutateAsync({ id: mail.id }).then(
                () => showToast(`“${subject}” dismissed`, { variant: 'success' }),
                (error: unknown) => showToast(apiErrorDetail(error) ?? `“${subject}” could not be dismissed.`, { variant: 'error' }),
              )
            }
          >
            Dismiss
          </AppButton>
        </Stack>
      </Stack>
    </Paper>
  );
}
