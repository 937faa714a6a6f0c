// Tests' workspace records as the server sends them: a universe "Lab" (u1) and its entities, at a fixed instant.
export const TEST_NOW = "2026-01-01T00:00:00.000Z";

export function testUniverse(entityCount: number) {
  return {
    id: "u1",
    name: "Lab",
    description: "",
    archivedAt: null,
    entityCount,
    createdAt: TEST_NOW,
    updatedAt: TEST_NOW,
  };
}

export function testEntity(id: string, name: string, role: string) {
  return {
    id,
    universeId: "u1",
    name,
    role,
    systemPrompt: "Be brief",
    model: null,
    temperature: 0.7,
    status: "idle",
    createdAt: TEST_NOW,
    updatedAt: TEST_NOW,
  };
}
