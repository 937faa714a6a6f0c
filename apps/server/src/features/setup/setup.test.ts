// The first admin: from the environment, or once through the setup link.
import { describe, expect, it } from "vitest";
import { PASSWORD } from "../../test/factories.js";
import { useAppPerTest } from "../../test/helper.js";

const buildAppForTest = useAppPerTest();

describe("first-run setup", () => {
  it("creates the first admin once, with a valid link only", async () => {
    const { app } = await buildAppForTest();
    expect((await app.inject({ method: "GET", url: "/api/setup" })).json()).toEqual({
      needed: true,
    });
    const token = await app.services.setup.issueSetupToken();
    if (token === null) throw new Error("expected a setup token");
    const body = { email: "root@example.com", username: "root", password: PASSWORD };

    const forged = await app.inject({
      method: "POST",
      url: "/api/setup",
      payload: { ...body, token: "forged" },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.fields.token).toBe("This setup link is invalid or has expired");

    const created = await app.inject({
      method: "POST",
      url: "/api/setup",
      payload: { ...body, token },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().user.roles).toEqual(["user", "admin"]);
    expect(created.json().user.permissions).toContain("admin.access");

    expect((await app.inject({ method: "GET", url: "/api/setup" })).json()).toEqual({
      needed: false,
    });
    expect(await app.services.setup.issueSetupToken()).toBeNull();
    const again = await app.inject({
      method: "POST",
      url: "/api/setup",
      payload: { ...body, email: "x@example.com", username: "xx_x", token },
    });
    expect(again.statusCode).toBe(409);
  });

  it("creates or promotes the admin named by the environment", async () => {
    const { app } = await buildAppForTest();
    const admin = await app.services.setup.ensureAdmin("ops@example.com", PASSWORD);
    expect(admin.roles).toContain("admin");
    const login = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "ops@example.com", password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    // Running again with a new password updates the same account.
    await app.services.setup.ensureAdmin("OPS@example.com", "Nw4$kTr8Qp");
    const relogin = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "ops", password: "Nw4$kTr8Qp" },
    });
    expect(relogin.statusCode).toBe(200);
    expect(relogin.json().user.id).toBe(admin.id);
  });
});
