import { createFileRoute } from '@tanstack/react-router';
import { CaptureInboxPage } from '@/features/capture';
import { useCaptureLists } from './-components/capture-lists';

export const Route = createFileRoute('/_app/capture-inbox')({
  component: function CaptureInbox() {
    return <CaptureInboxPage lists={useCaptureLists()} />;
  },
});
