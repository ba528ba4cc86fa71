import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync, type Plugin } from 'esbuild';

/** The inspector page's script and style, minified, with the CSP hashes that allow exactly them. */
export interface InspectorBundle {
  js: string;
  css: string;
  scriptHash: string;
  styleHash: string;
}

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

/**
 * Bundles `app.ts` and `inspector.css` of `dir` (this folder) with esbuild: at build time into the package (tsup
 * inlines the result), and on first use when the mock runs from its sources (tests).
 */
export function bundleInspector(folder: string | URL): InspectorBundle {
  const dir = typeof folder === 'string' ? folder : fileURLToPath(folder);
  const result = buildSync({
    entryPoints: [join(dir, 'app.ts'), join(dir, 'inspector.css')],
    bundle: true,
    minify: true,
    write: false,
    outdir: join(dir, 'out'),
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    legalComments: 'none',
    logLevel: 'silent',
  });
  const output = (extension: string) => {
    const file = result.outputFiles.find((candidate) => candidate.path.endsWith(extension));
    if (!file) throw new Error(`the inspector bundle has no ${extension} output`);
    return file.text.trim();
  };
  // Inlined in the page: a closing script tag in a string must not end the element.
  const js = output('.js').replace(/<\/(script)/gi, '<\\/$1');
  const css = output('.css');
  return { js, css, scriptHash: sha256(js), styleHash: sha256(css) };
}

/**
 * The esbuild plugin of every build of the package: the page is bundled once and inlined in place of `./bundle`,
 * so the package carries it and needs no build tool at run time (an import of esbuild fails the build).
 */
export function inspectorBundlePlugin(dir: string): Plugin {
  return {
    name: 'inspector-bundle',
    setup(build) {
      build.onResolve({ filter: /^\.\/bundle$/ }, (args) =>
        args.resolveDir === dir ? { path: 'inspector-bundle', namespace: 'inspector-bundle' } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: 'inspector-bundle' }, () => ({
        contents: `const bundle = ${JSON.stringify(bundleInspector(dir))};\nexport function inspectorBundle() { return Promise.resolve(bundle); }\n`,
        loader: 'js',
      }));
      build.onResolve({ filter: /^esbuild$/ }, (args) => ({
        errors: [{ text: `${args.importer} imports esbuild: the package must carry the inspector bundle, not build it` }],
      }));
    },
  };
}
