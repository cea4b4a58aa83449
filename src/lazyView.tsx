import { lazy, Suspense, type ComponentType, type FunctionComponent } from 'react';
import { LinearProgress } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * A screen loaded when first shown, so each one is a chunk of its own and the console's first
 * load carries none of them: `lazyView(() => import('./List'), 'default')`. It brings
 * its own Suspense boundary, so it works inside the layout and in routes outside it.
 */
/** The bar shown while a screen's chunk loads, named in the console's language. */
const ChunkLoading = () => <LinearProgress aria-label={useTranslate()('ra.page.loading')} />;

export function lazyView<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): FunctionComponent {
  const Lazy = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  const View = () => (
    <Suspense fallback={<ChunkLoading />}>
      <Lazy />
    </Suspense>
  );
  View.displayName = `Lazy(${name})`;
  return View;
}
