import { createRootRouteWithContext } from '@tanstack/react-router';
import { NotFound } from '@/components/NotFound/NotFound';
import { DeferredFirstPage } from '../layout/DeferredFirstPage';
import type { RouterContext } from '../router-context';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: DeferredFirstPage,
  notFoundComponent: NotFound,
});
