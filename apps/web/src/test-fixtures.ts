// Tests' records as the server sends them: the signed-in user "dana", a universe "Lab" (u1) and its entities, at a fixed
// instant.
import type { AuthUser } from "./lib/auth-api";
import type { TestApi } from "./test-api-server";

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

/** A new user's workspace on the test server: no universes and no entities yet. */
export function routeEmptyWorkspace(api: TestApi): void {
  api.route("GET /api/aacos/universes", () => ({ status: 200, body: { items: [] } }));
  api.route("GET /api/aacos/entities", () => ({ status: 200, body: { items: [] } }));
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

/** The signed-in user "dana" (a plain user on genesis), with what a test needs changed. */
export function testUser(changes: Partial<AuthUser> = {}): AuthUser {
  return {
    id: "u1",
    email: "dana@example.com",
    username: "dana",
    roles: ["user"],
    permissions: [],
    tier: "genesis",
    world: "genesis",
    ...changes,
  };
}
