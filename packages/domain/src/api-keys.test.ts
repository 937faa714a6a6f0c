import { describe, expect, it } from "vitest";
import { CreateApiKeyBody, isMeteredAction, requiredScope } from "./api-keys.js";

describe("API key scopes", () => {
  it("asks read for GETs, write for other methods and ai for chat, commands and runs", () => {
    expect(requiredScope("GET", "/api/aacos/universes")).toBe("read");
    expect(requiredScope("POST", "/api/aacos/universes")).toBe("write");
    expect(requiredScope("DELETE", "/api/files/:id")).toBe("write");
    expect(requiredScope("POST", "/api/chat/conversations/:id/messages")).toBe("ai");
    expect(requiredScope("POST", "/api/commands")).toBe("ai");
    expect(requiredScope("POST", "/api/aacos/entities/:id/runs")).toBe("ai");
    expect(requiredScope("POST", "/api/batch")).toBe("read");
  });

  it("refuses account and session routes but lets a script ask who it is", () => {
    for (const [method, route] of [
      ["POST", "/api/auth/password"],
      ["GET", "/api/auth/sessions"],
      ["POST", "/api/auth/mfa/disable"],
      ["DELETE", "/api/auth/passkeys/:id"],
      ["POST", "/api/me/api-keys"],
      ["DELETE", "/api/me/api-keys/:id"],
      ["DELETE", "/api/me"],
      ["GET", "/api/me/export"],
      ["POST", "/api/plan/tier"],
      ["PUT", "/api/users/:id"],
    ] as const) {
      expect(requiredScope(method, route), `${method} ${route}`).toBe("refused");
    }
    expect(requiredScope("GET", "/api/auth/me")).toBe("read");
    expect(requiredScope("GET", "/api/plan/me")).toBe("read");
    expect(requiredScope("GET", "/api/me/layout")).toBe("read");
  });

  it("names the metered actions", () => {
    expect(isMeteredAction("POST", "/api/upload")).toBe(true);
    expect(isMeteredAction("POST", "/api/aacos/universe/sync")).toBe(true);
    expect(isMeteredAction("GET", "/api/aacos/universes")).toBe(false);
  });

  it("validates the create body", () => {
    expect(CreateApiKeyBody.safeParse({ name: "ci", scopes: ["read", "read"] }).success).toBe(
      false,
    );
    expect(CreateApiKeyBody.safeParse({ name: " ", scopes: ["read"] }).success).toBe(false);
    expect(
      CreateApiKeyBody.safeParse({ name: "ci", scopes: ["ai"], expiresAt: "2027-01-01T00:00:00Z" })
        .success,
    ).toBe(true);
  });
});
