declare module 'stopword' {
  export const rus: string[];
  export const eng: string[];
}
