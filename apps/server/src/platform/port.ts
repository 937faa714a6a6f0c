// A call wired after construction: a service is built with \`port.call\` and the assembly connects the handler once the
// peer exists, so neither needs the other to be built first (docs/decisions/310-app-assembly.md). Unconnected, a call
// does nothing.

export interface Port<Args extends unknown[]> {
  call(...args: Args): Promise<unknown>;
  connect(handler: (...args: Args) => Promise<unknown>): void;
}

export function createPort<Args extends unknown[]>(): Port<Args> {
  let handler: ((...args: Args) => Promise<unknown>) | undefined;
  return {
    call: async (...args) => handler?.(...args),
    connect(next) {
      handler = next;
    },
  };
}
