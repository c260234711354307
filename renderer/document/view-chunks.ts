/**
 * Chunk name (renderer/views/registry.ts) → URLs of the JavaScript chunks its view needs beyond the entry, for
 * <link rel="modulepreload">. Filled at SSR build time from the Vite client manifest
 * (see renderer/vite.config.ts); empty when the prerender runs from source.
 */
import chunks from 'virtual:vitrina-view-chunks';

export const VIEW_CHUNK_FILES: Partial<Record<string, string[]>> = chunks;
