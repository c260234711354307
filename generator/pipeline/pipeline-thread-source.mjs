// Starts pipeline-thread.ts from the TypeScript sources (when the generator runs in source mode);
// the compiled generator starts pipeline-thread.js directly.
import { registerSourceMode } from './source-mode.mjs';

registerSourceMode();
await import('./pipeline-thread.ts');
