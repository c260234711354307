/** Every shape of vitrina-docs: zod schemas and the types inferred from them. */
export * from './locale.ts';
export * from './sidebar.ts';
export * from './category.ts';
export * from './frontmatter.ts';
export * from './i18n.ts';
export * from './site.ts';
export * from './facts.ts';
export * from './hast.ts';
export * from './toc.ts';
export * from './operation.ts';
export * from './console.ts';
export * from './page.ts';
export * from './search.ts';
export * from './manifest.ts';
export * from './offline.ts';
export * from './diagnostic.ts';
export * from './translation.ts';
