import { createFileRoute, useLocation, useNavigate } from '@tanstack/react-router';
import { LogTouchPage, type SharedContent } from '@/features/capture';
import { listsQueryOptions } from '@/features/lists/api/get-lists';
import { useLogTouch } from '@/features/pipeline/api/log-touch';
import { useMe } from '@/features/profile/api/me';
import { useCaptureLists } from './-components/capture-lists';

/** What the share sheet sent, read as sent: the router's search parsing would turn a text that reads as JSON into a value. */
function sharedContent(searchStr: string): SharedContent {
  const params = new URLSearchParams(searchStr);
  return { title: params.get('title') ?? '', text: params.get('text') ?? '', url: params.get('url') ?? '' };
}

/** The share target (manifest.webmanifest's share_target): "Log a touch" from what another app shared. */
export const Route = createFileRoute('/_app/log-touch')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(listsQueryOptions()),
  component: function LogTouch() {
    const searchStr = useLocation({ select: (location) => location.searchStr });
    const logTouch = useLogTouch();
    const navigate = useNavigate();
    return (
      <LogTouchPage
        // A new share into an open page starts afresh.
        key={searchStr}
        shared={sharedContent(searchStr)}
        lists={useCaptureLists()}
        ownEmail={useMe().email}
        onSave={(row, touch) => logTouch.mutateAsync({ row, touch })}
        onDone={(row) => void navigate({ to: '/lists/$id', params: { id: String(row.listId) } })}
      />
    );
  },
});
