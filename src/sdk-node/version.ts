import { version } from './package.json';

/** This package's version, from its package.json (inlined by the build). */
export const VERSION: string = version;
