import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { NotFound } from '@/components/NotFound/NotFound';
import type { RouterContext } from '../router-context';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFound,
});
