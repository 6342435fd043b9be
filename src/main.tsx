import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { createAppRouter } from '@/app/router';
import { queryClient } from '@/app/query-client';
import { session } from '@/lib/session';
import { measureScrollbarSize } from '@/components/DataGrid/scrollbar-size';

const router = createAppRouter({ queryClient, auth: session });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
measureScrollbarSize();

// A non-urgent first render, which React splits into short tasks: the page stays responsive while it builds.
const root = createRoot(container);
startTransition(() =>
  root.render(
    <StrictMode>
      <App router={router} queryClient={queryClient} session={session} />
    </StrictMode>,
  ),
);
