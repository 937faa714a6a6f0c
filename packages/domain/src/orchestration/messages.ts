// The orchestration service's messages, zod-free (the browser shows them translated).

export const ORCHESTRATION_MESSAGES = {
  pausedByOperator: (name: string) =>
    `${name} was paused by an operator; it cannot run until an operator resumes it`,
  pausedByOwner: (name: string) => `${name} is paused; resume it to ask it`,
  stopped: (name: string) =>
    `${name} was stopped; resume it in entity orchestration to run it again`,
  heldByOperator: "An operator paused this entity; only an admin or operator can resume it",
  unknownModel: (models: readonly string[]) =>
    models.length === 0
      ? "No language model is configured; only the server default can be chosen"
      : `Unknown model; choose one of: ${models.join(", ")}`,
  notFound: "No such entity",
} as const;
