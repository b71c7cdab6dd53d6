import { createCache, StyleProvider } from '@ant-design/cssinjs';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '../app/providers.tsx';
import { routes } from '../app/routes.tsx';

/**
 * antd's styles are collected, not put in the page: jsdom matches every rule of every stylesheet in each
 * getComputedStyle, which role queries call for every element (a role query took seconds with antd's styles in).
 */
const Unstyled = ({ children }: { children: ReactNode }) => (
  <StyleProvider mock="server" cache={createCache()}>
    {children}
  </StyleProvider>
);

/**
 * Renders the whole app (all routes) at a path, with fresh providers, once the code of that path's page arrived
 * (pages are lazy chunks): what a test then looks for is on screen or on its way from the server.
 */
export async function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });
  }
  const result = render(
    <Unstyled>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </Unstyled>,
  );
  return { ...result, router, queryClient };
}

/** Renders one element inside providers and a router at a path. */
export function renderWithProviders(element: ReactElement, path = '/', extraRoutes: RouteObject[] = []) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter([{ path: '*', element }, ...extraRoutes], { initialEntries: [path] });
  const result = render(
    <Unstyled>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </Unstyled>,
  );
  return { ...result, router, queryClient };
}
