declare module 'virtual:vitrina-view-chunks' {
  const chunks: Partial<Record<string, string[]>>;
  export default chunks;
}

/** Vite: the URL of a file it emits as an asset. */
declare module '*.css?url' {
  const href: string;
  export default href;
}
