declare module 'virtual:vitrina-view-chunks' {
  const chunks: Partial<Record<string, string[]>>;
  export default chunks;
}
