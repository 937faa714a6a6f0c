// The one platform global the domain uses: WHATWG URL parsing, present in browsers and Node alike (no I/O).
declare class URL {
  constructor(url: string, base?: string);
}
