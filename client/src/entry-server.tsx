import { renderToString } from 'react-dom/server';
import { createQueryClient } from '@client/lib/query-client';
import { App } from './app/app';

export { PRERENDERED_PAGES } from './app/routes';
export { renderHeadHtml } from './lib/page-meta';

/** Renders one public page to HTML for the build-time prerender (scripts/prerender.ts). */
export function render(path: string): string {
  return renderToString(<App queryClient={createQueryClient()} ssrPath={path} />);
}
