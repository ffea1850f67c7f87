import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { startAuthSession } from '@client/features/auth';
import { createQueryClient } from '@client/lib/query-client';
import { App } from './app/app';
import { preloadRoute } from './app/routes';
import './styles.css';

const queryClient = createQueryClient();
startAuthSession(queryClient);

const container = document.getElementById('root')!;
const html = document.documentElement;
const path = window.location.pathname.replace(/\/+$/, '') || '/';
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);

// A prerendered page is hydrated only under its own route; anything else (the SPA fallback) renders afresh.
if (html.getAttribute('data-ssr-path') === path) {
  // The page's code first, so hydration meets the same markup the prerender wrote.
  await preloadRoute(path);
  hydrateRoot(container, app);
} else {
  container.textContent = '';
  createRoot(container).render(app);
}
html.removeAttribute('data-ssr-stale');
