import type { Plugin } from 'esbuild';
import { drawnLocale } from './faker-locale';

/**
 * The esbuild plugin of every build of the package: `file` (faker-locale.ts) is replaced by the definitions it
 * takes, so the package carries those and loads nothing of faker's English locale.
 */
export function fakerLocalePlugin(file: string): Plugin {
  return {
    name: 'faker-locale',
    setup(build) {
      build.onLoad({ filter: /faker-locale\.ts$/ }, (args) =>
        args.path === file ? { contents: `const locale = ${JSON.stringify(drawnLocale())};\nexport function drawnLocale() { return locale; }\n`, loader: 'js' } : undefined,
      );
    },
  };
}
