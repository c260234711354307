// Starts compile-worker.ts from the TypeScript sources (when the generator runs through tsx);
// the compiled generator starts compile-worker.js directly.
import { register } from 'tsx/esm/api';

register();
await import('./compile-worker.ts');
