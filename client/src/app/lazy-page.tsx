import { lazy, type ComponentType } from 'react';

export type PreloadablePage<P extends object> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * A code-split page that can be loaded before rendering: the prerender and the first hydration load it first,
 * so the markup matches without a Suspense fallback; later navigations load it on demand.
 */
export function lazyPage<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): PreloadablePage<P> {
  let loaded: ComponentType<P> | null = null;
  const Lazy = lazy(load);
  function Page(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  Page.preload = async () => {
    loaded = (await load()).default;
  };
  return Page;
}
