import type { InspectorBundle } from './build';

// The builder is imported by a name no bundler follows: a bundler of these sources (the browser example's vite
// build) must not pull esbuild in. The package's build replaces this whole module by the bundle itself.
const BUILDER = './build';

let bundle: Promise<InspectorBundle> | undefined;

/** From the sources (tests), the page is bundled with esbuild on first use. */
export function inspectorBundle(): Promise<InspectorBundle> {
  return (bundle ??= (import(/* @vite-ignore */ BUILDER) as Promise<typeof import('./build')>).then(({ bundleInspector }) =>
    bundleInspector(new URL('.', import.meta.url)),
  ));
}
