import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '../app/providers.tsx';
import { routes } from '../app/routes.tsx';

/** Renders the whole app (all routes) at a path, with fresh providers. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

/** Renders one element inside providers and a router at a path. */
export function renderWithProviders(element: ReactElement, path = '/', extraRoutes: RouteObject[] = []) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter([{ path: '*', element }, ...extraRoutes], { initialEntries: [path] });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}
