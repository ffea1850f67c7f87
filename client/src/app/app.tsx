import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Router } from 'wouter';
import { Toaster } from '@client/components/ui/toaster';
import { TooltipProvider } from '@client/components/ui/tooltip';
import { AppRoutes } from './routes';

interface AppProps {
  queryClient: QueryClient;
  /** Set only by the prerender, which has no browser location. */
  ssrPath?: string;
}

export function App({ queryClient, ssrPath }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <Router ssrPath={ssrPath}>
          <AppRoutes />
        </Router>
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
