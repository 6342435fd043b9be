import { useState } from 'react';
import { Box, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import BarChartRoundedIcon from '@mui/icons-material/BarChartRounded';
import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import LinkOffRoundedIcon from '@mui/icons-material/LinkOffRounded';
import MailOutlineRoundedIcon from '@mui/icons-material/MailOutlineRounded';
import TuneRoundedIcon from '@mui/icons-material/TuneRounded';
import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import { copyText } from '@/lib/copy-text';
import { toastOutcome } from '@/lib/mutation-toasts';
import { deckLine } from '@/lib/deck-format';
import type { Deck, DeckLink } from '@/shared/decks';
import { useRevokeDeckLink } from '../api/deck-links';
import { LinkDialog } from './LinkDialog';
import { LinkStatsDialog } from './LinkStatsDialog';
import { linkSettingsText, linkTitle, linkUrl, mailHref } from './link-text';

/** One link: who it is for, how it was read, its settings, and its actions (copy, mail, readers, settings, revoke). */
export function DeckLinkRow({ deck, link, canManage, title = linkTitle(link) }: { deck?: Deck; link: DeckLink; canManage: boolean; title?: string }) {
  const [open, setOpen] = useState<'stats' | 'settings' | 'revoke' | null>(null);
  const revoke = useRevokeDeckLink();
  const revoked = link.revoked_at !== null;
  return (
    <Box component="li" sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{title}</Typography>
            {revoked && <Chip size="small" label="Revoked" />}
          </Stack>
          <Typography sx={{ fontSize: 14 }}>{deckLine(link.summary)}</Typography>
          <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>{linkSettingsText(link)}</Typography>
        </Box>
        <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0 }}>
          {!revoked && (
            <>
              <Tooltip title="Copy link">
                <IconButton aria-label={`Copy the link for ${title}`} onClick={() => void copyText(linkUrl(link))}>
                  <ContentCopyRoundedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title="Open in mail">
                <IconButton aria-label={`Send the link for ${title} by mail`} href={mailHref(link)} component="a">
                  <MailOutlineRoundedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </>
          )}
          <Tooltip title="Readers">
            <IconButton aria-label={`Readers of the link for ${title}`} onClick={() => setOpen('stats')}>
              <BarChartRoundedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          {canManage && deck && !revoked && (
            <>
              <Tooltip title="Settings">
                <IconButton aria-label={`Settings of the link for ${title}`} onClick={() => setOpen('settings')}>
                  <TuneRoundedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title="Revoke">
                <IconButton aria-label={`Revoke the link for ${title}`} onClick={() => setOpen('revoke')}>
                  <LinkOffRoundedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </>
          )}
        </Stack>
      </Stack>
      {open === 'stats' && <LinkStatsDialog link={link} onClose={() => setOpen(null)} />}
      {open === 'settings' && deck && <LinkDialog deck={deck} link={link} onClose={() => setOpen(null)} />}
      <ConfirmDialog
        open={open === 'revoke'}
        title="Revoke this link?"
        description={`Whoever opens the link for ${title} will be told it is not valid. Its readers' figures stay here.`}
        confirmLabel="Revoke"
        pending={revoke.isPending}
        onCancel={() => setOpen(null)}
        onConfirm={() => revoke.mutate(link.id, toastOutcome('Link revoked', 'The link could not be revoked.', () => setOpen(null)))}
      />
    </Box>
  );
}
