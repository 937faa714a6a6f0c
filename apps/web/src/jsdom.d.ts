// The part of jsdom's API the build's pre-render uses (vite.config.ts): jsdom ships no types, and @types/jsdom is not
// a dependency.
declare module "jsdom" {
  export class JSDOM {
    constructor(html: string, options?: { url?: string });
    readonly window: Window & typeof globalThis;
  }
}
