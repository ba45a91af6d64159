// Orama's packages are reached by their `exports` subpaths (the only entries Node allows), which
// tsconfig's `moduleResolution: node` does not read: these point TypeScript at the packages' own
// declarations for the same files.
declare module '@orama/stemmers/english' {
  export * from '@orama/stemmers/dist/en';
}
declare module '@orama/stopwords/english' {
  export * from '@orama/stopwords/dist/en';
}
