import { renderToString } from 'react-dom/server';
import { createQueryClient } from '@client/lib/query-client';
import { App } from './app/app';
import { preloadRoute } from './app/routes';

export { PRERENDERED_PAGES } from './app/prerendered-pages';
export { NOT_FOUND_META } from './pages/meta';
export { renderHeadHtml } from './lib/page-meta';

/** Renders one public page to HTML for the build-time prerender (scripts/prerender.ts). */
export async function render(path: string): Promise<string> {
  await preloadRoute(path);
  return renderToString(<App queryClient={createQueryClient()} ssrPath={path} />);
}
