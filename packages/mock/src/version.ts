declare const __VERSION__: string | undefined;

/** The package version, set at build time (tests run on the sources, where it is a placeholder). */
export const VERSION: string = typeof __VERSION__ === 'string' ? __VERSION__ : '0.0.0-dev';
