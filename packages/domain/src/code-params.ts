// The params type of an error code, read from the example params its table gives (`{ max: 0 }` means `{ max: number }`).

/** The example's literal values widened to their kind: `0` to number, `"x"` to string; other values stay as given. */
export type Widen<T> = {
  -readonly [K in keyof T]: T[K] extends number ? number : T[K] extends string ? string : T[K];
};
