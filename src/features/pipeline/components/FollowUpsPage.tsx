import { Box, Chip, Paper, Stack, Typography } from '@mui/material';
import { useSuspenseQuery } from '@tanstack/react-query';
import { PageTitle } from '@/components/PageTitle/PageTitle';
import { TextLink } from '@/components/RouterLinks/RouterLinks';
import { RowCardList } from '@/components/RowCards';
import { usePendingChanges } from '@/features/offline';
import { usePhoneLayout } from '@/lib/use-phone-layout';
import type { FollowUpDue, PipelineStage } from '@/shared/pipeline';
import { useChangePipeline } from '../api/change-pipeline';
import { followUpsQueryOptions } from '../api/follow-ups';
import type { ListKeys } from '../api/list-keys';
import { followUpGroups, type ShownFollowUp } from '../follow-up-groups';
import { formatAmount, formatFollowUp, localDate, stageLabel } from '../pipeline-format';
import { AnsweredMark } from './AnsweredMark';
import { FollowUpCard } from './FollowUpCard';
import { PendingMark } from './PendingMark';

const GROUPS: Array<{ due: FollowUpDue; title: string; empty: string }> = [
  { due: 'overdue', title: 'Overdue', empty: 'Nothing overdue.' },
  { due: 'today', title: 'Due today', empty: 'Nothing due today.' },
  { due: 'week', title: 'Next 7 days', empty: 'Nothing due in the next 7 days.' },
];

function FollowUpItem({ row }: { row: ShownFollowUp }) {
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr auto', md: 'minmax(0, 2fr) minmax(0, 1.5fr) 120px 130px 110px' },
        gap: { xs: 0.5, md: 2 },
        alignItems: 'center',
        px: 2,
        py: 1.25,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <TextLink
          to={row.list_type === 'investor' ? '/investor/$id' : '/fund/$id'}
          params={{ id: String(row.item_id) }}
          underline="hover"
          sx={{ fontWeight: 600, color: 'text.primary' }}
        >
          {row.name}
        </TextLink>
        {row.pipeline.answered_at !== null && (
          <Box component="span" sx={{ ml: 1, verticalAlign: 'middle' }}>
            <AnsweredMark answeredAt={row.pipeline.answered_at} />
          </Box>
        )}
        <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>{row.firm_name}</Typography>
      </Box>
      <Box sx={{ minWidth: 0, gridRow: { xs: 2, md: 'auto' } }}>
        <TextLink to="/lists/$id" params={{ id: String(row.list_id) }} underline="hover" sx={{ fontSize: 14 }}>
          {row.list_name}
        </TextLink>
      </Box>
      <Typography sx={{ fontSize: 14, gridRow: { xs: 2, md: 'auto' } }}>{stageLabel(row.pipeline)}</Typography>
      <Typography
        sx={{ fontSize: 14, fontWeight: 600, color: row.due === 'overdue' ? 'error.main' : 'text.primary', display: 'flex', alignItems: 'center' }}
      >
        {formatFollowUp(row.pipeline.follow_up_on)}
        {row.pending && <PendingMark what="Follow-up" />}
      </Typography>
      <Typography sx={{ fontSize: 14, textAlign: { md: 'right' } }}>{formatAmount(row.pipeline)}</Typography>
    </Box>
  );
}

export interface FollowUpsPageProps {
  listKeys: ListKeys;
  /** Whether the founder may change the rows of a list (not a viewer of it). */
  canEditList: (listId: number) => boolean;
}

/** Rows whose follow-up is overdue, due today or due in the next 7 days, across all lists; on a phone, as cards. */
export function FollowUpsPage({ listKeys, canEditList }: FollowUpsPageProps) {
  const today = localDate();
  const { data } = useSuspenseQuery(followUpsQueryOptions(listKeys, today));
  const groups = followUpGroups(data, usePendingChanges(), today);
  const phone = usePhoneLayout();
  const changePipeline = useChangePipeline();
  const stageChange = (row: ShownFollowUp) =>
    canEditList(row.list_id)
      ? (stage: PipelineStage) =>
          changePipeline.mutate({
            row: { listId: row.list_id, listType: row.list_type, itemId: row.item_id, names: { row: row.name, list: row.list_name } },
            patch: { stage },
          })
      : undefined;
  return (
    <>
      <PageTitle title="Follow-ups" subtitle="Who to get back to: overdue, due today and in the next 7 days, across your lists." />
      <Stack spacing={3}>
        {GROUPS.map(({ due, title, empty }) => (
          <Paper key={due} variant="outlined" component="section" aria-labelledby={`follow-ups-${due}`}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 2, py: 1.5 }}>
              <Typography id={`follow-ups-${due}`} component="h2" sx={{ fontSize: 16, fontWeight: 650 }}>
                {title}
              </Typography>
              <Chip size="small" label={groups[due].length} color={due === 'overdue' && groups[due].length > 0 ? 'error' : 'default'} />
            </Stack>
            {groups[due].length === 0 ? (
              <Typography sx={{ px: 2, pb: 2, color: 'text.secondary', fontSize: 14 }}>{empty}</Typography>
            ) : phone ? (
              <Box sx={{ px: 1, pb: 1 }}>
                <RowCardList
                  label={title}
                  cardHeading="h3"
                  rows={groups[due]}
                  rowKey={(row) => `${row.list_id}:${row.item_id}`}
                  renderCard={(row) => <FollowUpCard row={row} onStageChange={stageChange(row)} />}
                />
              </Box>
            ) : (
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {groups[due].map((row) => (
                  <FollowUpItem key={`${row.list_id}:${row.item_id}`} row={row} />
                ))}
              </Box>
            )}
          </Paper>
        ))}
      </Stack>
    </>
  );
}
